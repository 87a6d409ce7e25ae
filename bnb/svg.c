/* The reports' SVG plots: series of (x, y) points collected in memory, then
 * written as one SVG 1.1 document with a GString.  Both axes are mapped
 * from a range widened to whole ticks: "nice" steps of 1, 2 or 5 times a
 * power of ten on a linear axis, whole decades on a log10 one (with 2 and
 * 5 between them when the range is short).  Coordinates are written with
 * one decimal in the C locale whatever the user's locale.
 */
#include "bnb/svg.h"

#include <math.h>

#define WIDTH 800
#define HEIGHT 460
#define PLOT_LEFT 80.0
#define PLOT_RIGHT 600.0
#define PLOT_TOP 50.0
#define PLOT_BOTTOM 390.0
#define LEGEND_X 615.0
#define LEGEND_ROW 18.0
#define TICK 5.0
#define POINT_RADIUS 2.5
#define LINEAR_TICKS 6.0
#define LOG_MAX_LABELS 10.0
#define LOG_MINOR_DECADES 3.0
#define LOG_PLAIN_LO -3
#define LOG_PLAIN_HI 3

typedef struct {
  double x, y;
} Point;

typedef struct {
  char *name;
  BnbSvgStyle style;
  GArray *points; /* Point, as added */
} Series;

struct BnbSvgPlot {
  char *title, *x_label, *y_label;
  gboolean log_x, log_y;
  double x_lo, x_hi; /* the least the x axis covers, in values */
  GPtrArray *series; /* Series* */
};

/* One axis in drawing terms: [lo, hi] in axis units (log10 of the value
 * on a log axis) onto [from, to] in pixels, ticks every `step` units. */
typedef struct {
  gboolean log;
  double lo, hi, step;
  double from, to;
} Axis;

static const char *const palette[] = {
  "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
  "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
};

/* Lines also differ by dashes, so that series drawn over each other and
 * colours hard to tell apart can still be told apart. */
static const char *const dashes[] = {
  "",
  " stroke-dasharray=\"7 3\"",
  " stroke-dasharray=\"2 2\"",
  " stroke-dasharray=\"9 3 2 3\"",
};

static void
series_free (gpointer data)
{
  Series *s = data;
  g_free (s->name);
  g_array_unref (s->points);
  g_free (s);
}

BnbSvgPlot *
bnb_svg_plot_new (const char *title, const char *x_label, const char *y_label)
{
  BnbSvgPlot *plot = g_new0 (BnbSvgPlot, 1);
  plot->title = g_strdup (title);
  plot->x_label = g_strdup (x_label);
  plot->y_label = g_strdup (y_label);
  plot->x_lo = INFINITY;
  plot->x_hi = -INFINITY;
  plot->series = g_ptr_array_new_with_free_func (series_free);
  return plot;
}

void
bnb_svg_plot_free (BnbSvgPlot *plot)
{
  if (!plot)
    return;
  g_free (plot->title);
  g_free (plot->x_label);
  g_free (plot->y_label);
  g_ptr_array_unref (plot->series);
  g_free (plot);
}

void
bnb_svg_plot_set_log_y (BnbSvgPlot *plot, gboolean log_y)
{
  g_return_if_fail (plot != NULL);
  plot->log_y = log_y;
}

void
bnb_svg_plot_set_log_x (BnbSvgPlot *plot, gboolean log_x)
{
  g_return_if_fail (plot != NULL);
  plot->log_x = log_x;
}

void
bnb_svg_plot_extend_x (BnbSvgPlot *plot, double lo, double hi)
{
  g_return_if_fail (plot != NULL);
  plot->x_lo = MIN (plot->x_lo, lo);
  plot->x_hi = MAX (plot->x_hi, hi);
}

guint
bnb_svg_plot_add_series (BnbSvgPlot *plot, const char *name, BnbSvgStyle style)
{
  Series *s;
  g_return_val_if_fail (plot != NULL, 0);
  s = g_new0 (Series, 1);
  s->name = g_strdup (name ? name : "");
  s->style = style;
  s->points = g_array_new (FALSE, FALSE, sizeof (Point));
  g_ptr_array_add (plot->series, s);
  return plot->series->len - 1;
}

void
bnb_svg_plot_add_point (BnbSvgPlot *plot, guint series, double x, double y)
{
  Point p = { x, y };
  g_return_if_fail (plot != NULL && series < plot->series->len);
  g_array_append_val (((Series *)plot->series->pdata[series])->points, p);
}

/* ---- Axes --------------------------------------------------------------- */

static gboolean
point_drawable (const BnbSvgPlot *plot, const Point *p)
{
  return isfinite (p->x) && isfinite (p->y) && (!plot->log_x || p->x > 0)
         && (!plot->log_y || p->y > 0);
}

static double
axis_value (gboolean log, double v)
{
  return log ? log10 (v) : v;
}

/* The x range the plot was asked to cover, in axis units. */
static void
extent_range (const BnbSvgPlot *plot, double *x_lo, double *x_hi)
{
  double lo = plot->x_lo, hi = plot->x_hi;
  if (plot->log_x && lo <= 0)
    lo = hi > 1 ? 1 : hi;
  if (!(lo <= hi) || (plot->log_x && lo <= 0))
    return;
  *x_lo = MIN (*x_lo, axis_value (plot->log_x, lo));
  *x_hi = MAX (*x_hi, axis_value (plot->log_x, hi));
}

/* The range of the drawable points in axis units; FALSE if there is none
 * (the x range may still come from bnb_svg_plot_extend_x). */
static gboolean
data_range (const BnbSvgPlot *plot, double *x_lo, double *x_hi, double *y_lo,
            double *y_hi)
{
  gboolean any = FALSE;
  *x_lo = *y_lo = INFINITY;
  *x_hi = *y_hi = -INFINITY;
  for (guint i = 0; i < plot->series->len; i++)
    {
      const Series *s = plot->series->pdata[i];
      for (guint j = 0; j < s->points->len; j++)
        {
          const Point *p = &g_array_index (s->points, Point, j);
          double x, y;
          if (!point_drawable (plot, p))
            continue;
          x = axis_value (plot->log_x, p->x);
          y = axis_value (plot->log_y, p->y);
          *x_lo = MIN (*x_lo, x);
          *x_hi = MAX (*x_hi, x);
          *y_lo = MIN (*y_lo, y);
          *y_hi = MAX (*y_hi, y);
          any = TRUE;
        }
    }
  extent_range (plot, x_lo, x_hi);
  return any;
}

static double
nice_step (double span)
{
  double raw = span / LINEAR_TICKS;
  double decade = pow (10, floor (log10 (raw)));
  double f = raw / decade;
  if (f <= 1)
    return decade;
  if (f <= 2)
    return 2 * decade;
  if (f <= 5)
    return 5 * decade;
  return 10 * decade;
}

static void
axis_fit_linear (Axis *a, double lo, double hi)
{
  if (hi - lo <= fabs (hi) * 1e-12)
    {
      double pad = fabs (lo) > 0 ? fabs (lo) * 0.1 : 1;
      lo -= pad;
      hi += pad;
    }
  a->step = nice_step (hi - lo);
  a->lo = floor (lo / a->step) * a->step;
  a->hi = ceil (hi / a->step) * a->step;
}

static void
axis_fit_log (Axis *a, double lo, double hi)
{
  a->lo = floor (lo);
  a->hi = ceil (hi);
  if (a->hi <= a->lo)
    a->hi = a->lo + 1;
  a->step = MAX (1.0, ceil ((a->hi - a->lo) / LOG_MAX_LABELS));
}

static void
axis_fit (Axis *a, gboolean log, double lo, double hi, double from, double to)
{
  a->log = log;
  a->from = from;
  a->to = to;
  if (log)
    axis_fit_log (a, lo, hi);
  else
    axis_fit_linear (a, lo, hi);
}

static double
axis_map (const Axis *a, double units)
{
  return a->from + (units - a->lo) / (a->hi - a->lo) * (a->to - a->from);
}

static guint
axis_n_steps (const Axis *a)
{
  return (guint)floor ((a->hi - a->lo) / a->step + 1e-6);
}

/* ---- Writing ------------------------------------------------------------ */

static void
append_number (GString *out, double v)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  g_string_append (out, g_ascii_formatd (buffer, sizeof buffer, "%.1f", v));
}

static void
append_attr (GString *out, const char *name, double v)
{
  g_string_append_printf (out, " %s=\"", name);
  append_number (out, v);
  g_string_append_c (out, '"');
}

static void
append_text (GString *out, double x, double y, const char *anchor,
             const char *extra, const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);
  g_string_append (out, "<text");
  append_attr (out, "x", x);
  append_attr (out, "y", y);
  g_string_append_printf (out, " text-anchor=\"%s\"%s>%s</text>\n", anchor,
                          extra, escaped);
}

static void
append_line (GString *out, double x1, double y1, double x2, double y2,
             const char *stroke)
{
  g_string_append (out, "<line");
  append_attr (out, "x1", x1);
  append_attr (out, "y1", y1);
  append_attr (out, "x2", x2);
  append_attr (out, "y2", y2);
  g_string_append_printf (out, " stroke=\"%s\"/>\n", stroke);
}

/* On a log axis, values far from 1 as "1e-5", "2e6"; others plainly. */
static BNB_GIVE char *
tick_label (const Axis *a, double units)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  double v = a->log ? pow (10, units) : units;
  double decade = floor (units + 1e-9);
  if (a->log && (decade < LOG_PLAIN_LO || decade > LOG_PLAIN_HI))
    return g_strdup_printf ("%.0fe%d", pow (10, units - decade), (int)decade);
  if (!a->log && fabs (v) < a->step * 1e-9)
    v = 0;
  return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%.6g", v));
}

static void
append_x_ticks (GString *out, const Axis *x)
{
  for (guint i = 0; i <= axis_n_steps (x); i++)
    {
      double u = x->lo + i * x->step;
      double px = axis_map (x, u);
      g_autofree char *label = tick_label (x, u);
      append_line (out, px, PLOT_BOTTOM, px, PLOT_BOTTOM + TICK, "black");
      append_text (out, px, PLOT_BOTTOM + TICK + 13, "middle", "", label);
    }
}

static void
append_y_tick (GString *out, const Axis *y, double u, gboolean labelled)
{
  double py = axis_map (y, u);
  append_line (out, PLOT_LEFT, py, PLOT_RIGHT, py, "#e6e6e6");
  append_line (out, PLOT_LEFT - (labelled ? TICK : TICK / 2), py, PLOT_LEFT,
               py, "black");
  if (labelled)
    {
      g_autofree char *label = tick_label (y, u);
      append_text (out, PLOT_LEFT - TICK - 3, py + 4, "end", "", label);
    }
}

/* Between decades on a short log axis: 2 and 5 labelled, the rest not. */
static void
append_log_minor (GString *out, const Axis *y, double decade)
{
  gboolean label = y->hi - y->lo <= 2;
  if (y->hi - y->lo > LOG_MINOR_DECADES)
    return;
  for (int m = 2; m <= 9; m++)
    append_y_tick (out, y, decade + log10 (m), label && (m == 2 || m == 5));
}

static void
append_y_ticks (GString *out, const Axis *y)
{
  for (guint i = 0; i <= axis_n_steps (y); i++)
    {
      double u = y->lo + i * y->step;
      append_y_tick (out, y, u, TRUE);
      if (y->log && u < y->hi)
        append_log_minor (out, y, u);
    }
}

static void
append_frame (GString *out, const BnbSvgPlot *plot, const Axis *x,
              const Axis *y)
{
  append_y_ticks (out, y);
  append_x_ticks (out, x);
  g_string_append (out, "<rect");
  append_attr (out, "x", PLOT_LEFT);
  append_attr (out, "y", PLOT_TOP);
  append_attr (out, "width", PLOT_RIGHT - PLOT_LEFT);
  append_attr (out, "height", PLOT_BOTTOM - PLOT_TOP);
  g_string_append (out, " fill=\"none\" stroke=\"black\"/>\n");
  append_text (out, (PLOT_LEFT + PLOT_RIGHT) / 2, 28, "middle",
               " font-size=\"16\"", plot->title);
  append_text (out, (PLOT_LEFT + PLOT_RIGHT) / 2, PLOT_BOTTOM + 42, "middle",
               "", plot->x_label);
  g_string_append (out, "<g transform=\"translate(22,");
  append_number (out, (PLOT_TOP + PLOT_BOTTOM) / 2);
  g_string_append (out, ") rotate(-90)\">\n");
  append_text (out, 0, 0, "middle", "", plot->y_label);
  g_string_append (out, "</g>\n");
}

/* ---- Series ------------------------------------------------------------- */

static void
append_vertex (GString *out, BnbSvgStyle style, gboolean first, double px,
               double py)
{
  if (!first && style == BNB_SVG_STEPS)
    {
      g_string_append (out, " H");
      append_number (out, px);
      g_string_append (out, " V");
      append_number (out, py);
      return;
    }
  g_string_append (out, first ? " M" : " L");
  append_number (out, px);
  g_string_append_c (out, ' ');
  append_number (out, py);
}

/* One path per series; a point that cannot be drawn breaks the line. */
static void
append_path (GString *out, const BnbSvgPlot *plot, const Series *s,
             const Axis *x, const Axis *y, guint i)
{
  gboolean first = TRUE;
  g_string_append (out, "<path d=\"");
  for (guint j = 0; j < s->points->len; j++)
    {
      const Point *p = &g_array_index (s->points, Point, j);
      if (!point_drawable (plot, p))
        {
          first = TRUE;
          continue;
        }
      append_vertex (out, s->style, first,
                     axis_map (x, axis_value (x->log, p->x)),
                     axis_map (y, axis_value (y->log, p->y)));
      first = FALSE;
    }
  g_string_append_printf (out,
                          "\" fill=\"none\" stroke=\"%s\"%s "
                          "stroke-width=\"1.5\"/>\n",
                          palette[i % G_N_ELEMENTS (palette)],
                          dashes[i % G_N_ELEMENTS (dashes)]);
}

static void
append_circles (GString *out, const BnbSvgPlot *plot, const Series *s,
                const Axis *x, const Axis *y, const char *colour)
{
  g_string_append_printf (out, "<g fill=\"%s\" fill-opacity=\"0.7\">\n",
                          colour);
  for (guint j = 0; j < s->points->len; j++)
    {
      const Point *p = &g_array_index (s->points, Point, j);
      if (!point_drawable (plot, p))
        continue;
      g_string_append (out, "<circle");
      append_attr (out, "cx", axis_map (x, axis_value (x->log, p->x)));
      append_attr (out, "cy", axis_map (y, axis_value (y->log, p->y)));
      append_attr (out, "r", POINT_RADIUS);
      g_string_append (out, "/>\n");
    }
  g_string_append (out, "</g>\n");
}

static gboolean
style_has_line (BnbSvgStyle style)
{
  return style != BNB_SVG_POINTS;
}

static gboolean
style_has_points (BnbSvgStyle style)
{
  return style == BNB_SVG_POINTS || style == BNB_SVG_LINE_POINTS;
}

static void
append_legend_entry (GString *out, const Series *s, guint i,
                     const char *colour)
{
  double row = PLOT_TOP + 10 + i * LEGEND_ROW;
  if (style_has_line (s->style))
    {
      g_string_append_printf (out, "<g stroke-width=\"1.5\"%s>\n",
                              dashes[i % G_N_ELEMENTS (dashes)]);
      append_line (out, LEGEND_X, row, LEGEND_X + 20, row, colour);
      g_string_append (out, "</g>\n");
    }
  if (style_has_points (s->style))
    {
      g_string_append_printf (out, "<g fill=\"%s\">", colour);
      g_string_append (out, "<circle");
      append_attr (out, "cx", LEGEND_X + 10);
      append_attr (out, "cy", row);
      append_attr (out, "r", POINT_RADIUS + 0.5);
      g_string_append (out, "/></g>\n");
    }
  append_text (out, LEGEND_X + 26, row + 4, "start", "", s->name);
}

static void
append_series (GString *out, const BnbSvgPlot *plot, const Axis *x,
               const Axis *y)
{
  for (guint i = 0; i < plot->series->len; i++)
    {
      const Series *s = plot->series->pdata[i];
      const char *colour = palette[i % G_N_ELEMENTS (palette)];
      if (style_has_line (s->style))
        append_path (out, plot, s, x, y, i);
      if (style_has_points (s->style))
        append_circles (out, plot, s, x, y, colour);
      append_legend_entry (out, s, i, colour);
    }
}

char *
bnb_svg_plot_render (const BnbSvgPlot *plot)
{
  GString *out;
  Axis x, y;
  double x_lo, x_hi, y_lo, y_hi;
  gboolean any;
  g_return_val_if_fail (plot != NULL, NULL);
  any = data_range (plot, &x_lo, &x_hi, &y_lo, &y_hi);
  if (!isfinite (x_lo))
    x_lo = 0, x_hi = 1;
  if (!any)
    y_lo = 0, y_hi = 1;
  axis_fit (&x, plot->log_x, x_lo, x_hi, PLOT_LEFT, PLOT_RIGHT);
  axis_fit (&y, plot->log_y, y_lo, y_hi, PLOT_BOTTOM, PLOT_TOP);
  out = g_string_new (NULL);
  g_string_append_printf (out,
                          "<svg xmlns=\"http://www.w3.org/2000/svg\" "
                          "version=\"1.1\" width=\"%d\" "
                          "height=\"%d\" viewBox=\"0 0 %d %d\" "
                          "font-family=\"sans-serif\" "
                          "font-size=\"12\">\n",
                          WIDTH, HEIGHT, WIDTH, HEIGHT);
  g_string_append (out, "<rect width=\"100%\" height=\"100%\" "
                        "fill=\"white\"/>\n");
  append_frame (out, plot, &x, &y);
  append_series (out, plot, &x, &y);
  if (!any)
    append_text (out, (PLOT_LEFT + PLOT_RIGHT) / 2,
                 (PLOT_TOP + PLOT_BOTTOM) / 2, "middle", " fill=\"gray\"",
                 "no data");
  g_string_append (out, "</svg>\n");
  return g_string_free (out, FALSE);
}
