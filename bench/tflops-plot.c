/* TFLOP/s against N for the tuned mxm, CLBlast and the naive kernel, as
 * an SVG drawn by the reports' plot writer (bnb/svg.h), from the
 * tab-separated table bench/mxm-vs-clblast.sh writes: a header naming the
 * columns, among them N, tuned_tflops, clblast_tflops and naive_tflops,
 * then a line per size.
 *
 *   make build/release/bench/tflops-plot
 *   build/release/bench/tflops-plot TABLE.tsv OUT.svg [TITLE]
 */
#include "bnb/svg.h"

#include <stdio.h>
#include <string.h>

static const char *const series[][2] = {
  { "tuned_tflops", "bnbtune (tuned)" },
  { "clblast_tflops", "CLBlast SGEMM" },
  { "naive_tflops", "naive kernel" },
};

static gint
column (GStrv header, const char *name)
{
  for (guint i = 0; header[i]; i++)
    if (strcmp (g_strstrip (header[i]), name) == 0)
      return (gint)i;
  return -1;
}

static gboolean
draw (const char *table, const char *title, BnbSvgPlot **out, GError **error)
{
  g_autofree char *text = NULL;
  if (!g_file_get_contents (table, &text, NULL, error))
    return FALSE;
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  g_auto (GStrv) header = g_strsplit (lines[0], "\t", -1);
  gint n_col = column (header, "N"), cols[G_N_ELEMENTS (series)];
  g_autoptr (BnbSvgPlot) plot
      = bnb_svg_plot_new (title, "N (M = N = K)", "TFLOP/s");
  bnb_svg_plot_set_log_x (plot, TRUE);
  for (guint s = 0; s < G_N_ELEMENTS (series); s++)
    {
      cols[s] = column (header, series[s][0]);
      if (n_col < 0 || cols[s] < 0)
        {
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                       "%s: no column N or %s in the header", table,
                       series[s][0]);
          return FALSE;
        }
      bnb_svg_plot_add_series (plot, series[s][1], BNB_SVG_LINE_POINTS);
    }
  for (guint i = 1; lines[i] && *lines[i]; i++)
    {
      g_auto (GStrv) f = g_strsplit (lines[i], "\t", -1);
      guint n_fields = g_strv_length (f);
      for (guint s = 0; s < G_N_ELEMENTS (series); s++)
        if ((guint)MAX (n_col, cols[s]) < n_fields)
          bnb_svg_plot_add_point (plot, s, g_ascii_strtod (f[n_col], NULL),
                                  g_ascii_strtod (f[cols[s]], NULL));
    }
  *out = g_steal_pointer (&plot);
  return TRUE;
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BnbSvgPlot) plot = NULL;
  if (argc < 3)
    {
      fprintf (stderr, "usage: %s TABLE.tsv OUT.svg [TITLE]\n", argv[0]);
      return 2;
    }
  const char *title = argc > 3 ? argv[3] : "SGEMM, TFLOP/s against N";
  g_autofree char *svg = NULL;
  if (!draw (argv[1], title, &plot, &error)
      || !g_file_set_contents (argv[2], svg = bnb_svg_plot_render (plot), -1,
                               &error))
    {
      fprintf (stderr, "tflops-plot: %s\n", error->message);
      return 1;
    }
  return 0;
}
