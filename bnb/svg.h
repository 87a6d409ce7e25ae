/* A small SVG 1.1 plot writer for the reports (private to bnb/): one plot
 * area with linear or log10 axes, ticks and labels, a title, and several
 * series drawn as lines, steps or points in distinct colours, named in a
 * legend to the right of the plot:
 *
 *   +-------------------- title ---------------------+
 *   | y  |                                | legend   |
 *   | 1e3+   .-----.                      | -- bnb   |
 *   |    |   |     `-----.                | -- random|
 *   | 1e2+---+-----+-----+----            |          |
 *   |         0    10    20  x label      |          |
 *   +------------------------------------------------+
 *
 * Points that cannot be drawn (a non-finite coordinate, a value <= 0 on a
 * log axis) are left out, and a line breaks there.
 */
#ifndef BNB_SVG_H
#define BNB_SVG_H

#include "ir/ir.h"

typedef enum {
  BNB_SVG_LINE,        /* straight segments between points */
  BNB_SVG_STEPS,       /* horizontal, then vertical: a running best */
  BNB_SVG_POINTS,      /* one circle per point */
  BNB_SVG_LINE_POINTS, /* both */
} BnbSvgStyle;

typedef struct BnbSvgPlot BnbSvgPlot;

/* A plot with no series; the texts are copied. */
BNB_GIVE BnbSvgPlot *bnb_svg_plot_new (const char *title, const char *x_label,
                                       const char *y_label)
    G_GNUC_WARN_UNUSED_RESULT;
void bnb_svg_plot_free (BNB_TAKE BnbSvgPlot *plot);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbSvgPlot, bnb_svg_plot_free)

void bnb_svg_plot_set_log_x (BnbSvgPlot *plot, gboolean log_x);
void bnb_svg_plot_set_log_y (BnbSvgPlot *plot, gboolean log_y);
/* Makes the x axis cover [lo, hi] whatever the points (say, every depth
 * when some have nothing to draw); on a log axis, what is above 0. */
void bnb_svg_plot_extend_x (BnbSvgPlot *plot, double lo, double hi);

/* Adds a series named `name` (in the legend) and returns its number; the
 * n-th series gets the n-th colour of a palette of ten. */
guint bnb_svg_plot_add_series (BnbSvgPlot *plot, const char *name,
                               BnbSvgStyle style);
void bnb_svg_plot_add_point (BnbSvgPlot *plot, guint series, double x,
                             double y);

/* The whole document, from "<svg" to "</svg>\n".  A plot with nothing to
 * draw still has its axes, and says "no data". */
BNB_GIVE char *bnb_svg_plot_render (const BnbSvgPlot *plot)
    G_GNUC_WARN_UNUSED_RESULT;

#endif
