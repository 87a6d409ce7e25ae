/* Figure 3 of the Telamon paper for a sample of kernels: measured time
 * against the model's bound, log-log, one series per table, beside the
 * line measured = bound (a point below it would be a violation).  The
 * tables are bench/model-ratios.py's --tsv output: journal, measured
 * (µs), bound (µs), term, decisions, tab-separated.
 *
 *   make build/release/bench/bound-plot
 *   build/release/bench/bound-plot OUT.svg TITLE NAME=TABLE.tsv...
 */
#include "bnb/svg.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static gboolean
add_table (BnbSvgPlot *plot, const char *arg, double *lo, double *hi,
           GError **error)
{
  const char *eq = strchr (arg, '=');
  g_autofree char *name = eq ? g_strndup (arg, eq - arg) : g_strdup (arg);
  g_autofree char *text = NULL;
  if (!g_file_get_contents (eq ? eq + 1 : arg, &text, NULL, error))
    return FALSE;
  guint s = bnb_svg_plot_add_series (plot, name, BNB_SVG_POINTS);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] && *lines[i]; i++)
    {
      g_auto (GStrv) f = g_strsplit (lines[i], "\t", 4);
      if (g_strv_length (f) < 3)
        continue;
      double measured = g_ascii_strtod (f[1], NULL);
      double bound = g_ascii_strtod (f[2], NULL);
      if (!(measured > 0 && bound > 0))
        continue;
      bnb_svg_plot_add_point (plot, s, bound, measured);
      *lo = MIN (*lo, bound);
      *hi = MAX (*hi, measured);
    }
  return TRUE;
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *svg = NULL;
  double lo = INFINITY, hi = 0;
  if (argc < 4)
    {
      fprintf (stderr, "usage: %s OUT.svg TITLE NAME=TABLE.tsv...\n",
               argv[0]);
      return 2;
    }
  g_autoptr (BnbSvgPlot) plot
      = bnb_svg_plot_new (argv[2], "bound (µs)", "measured (µs)");
  bnb_svg_plot_set_log_x (plot, TRUE);
  bnb_svg_plot_set_log_y (plot, TRUE);
  for (int i = 3; i < argc; i++)
    if (!add_table (plot, argv[i], &lo, &hi, &error))
      {
        fprintf (stderr, "bound-plot: %s\n", error->message);
        return 1;
      }
  if (hi > 0)
    {
      guint line = bnb_svg_plot_add_series (plot, "measured = bound",
                                            BNB_SVG_LINE);
      bnb_svg_plot_add_point (plot, line, lo, lo);
      bnb_svg_plot_add_point (plot, line, hi, hi);
    }
  if (!g_file_set_contents (argv[1], svg = bnb_svg_plot_render (plot), -1,
                            &error))
    {
      fprintf (stderr, "bound-plot: %s\n", error->message);
      return 1;
    }
  return 0;
}
