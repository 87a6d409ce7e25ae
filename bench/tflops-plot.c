/* TFLOP/s against N for the tuned mxm and the libraries beside it, as an
 * SVG drawn by the reports' plot writer (bnb/svg.h), from a
 * tab-separated table: a header naming the columns, then a line per
 * size.  Column N is the x axis; each known column the header has is a
 * line: those bench/mxm-vs-clblast.sh writes (tuned_tflops,
 * clblast_tflops, naive_tflops) or those bench/blas-tuned.sh writes
 * (ours_tflops, clblast_tuner_gflops, clblast_tuned_tflops,
 * clblast_packaged_tflops, cublas_tflops).  A cell that is not a number
 * ('-': the tuner did not run at that size) leaves that point out.
 *
 *   make build/release/bench/tflops-plot
 *   build/release/bench/tflops-plot TABLE.tsv OUT.svg [TITLE]
 */
#include "bnb/svg.h"

#include <stdio.h>
#include <string.h>

static const struct
{
  const char *column, *label;
  double scale; /* to TFLOP/s */
} series[] = {
  { "tuned_tflops", "bnbtune (tuned)", 1 },
  { "clblast_tflops", "CLBlast SGEMM", 1 },
  { "naive_tflops", "naive kernel", 1 },
  { "ours_tflops", "bnbtune (searched)", 1 },
  { "clblast_tuner_gflops", "CLBlast tuned, its kernel (tuner)", 1e-3 },
  { "clblast_tuned_tflops", "CLBlast tuned, the call", 1 },
  { "clblast_packaged_tflops", "CLBlast as packaged", 1 },
  { "cublas_tflops", "cuBLAS FP32", 1 },
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
  guint index[G_N_ELEMENTS (series)], drawn = 0;
  if (n_col < 0)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   "%s: no column N in the header", table);
      return FALSE;
    }
  g_autoptr (BnbSvgPlot) plot
      = bnb_svg_plot_new (title, "N (M = N = K)", "TFLOP/s");
  bnb_svg_plot_set_log_x (plot, TRUE);
  for (guint s = 0; s < G_N_ELEMENTS (series); s++)
    if ((cols[s] = column (header, series[s].column)) >= 0)
      {
        index[s] = bnb_svg_plot_add_series (plot, series[s].label,
                                            BNB_SVG_LINE_POINTS);
        drawn++;
      }
  if (drawn == 0)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   "%s: no column of TFLOP/s that this plot knows", table);
      return FALSE;
    }
  for (guint i = 1; lines[i] && *lines[i]; i++)
    {
      g_auto (GStrv) f = g_strsplit (lines[i], "\t", -1);
      guint n_fields = g_strv_length (f);
      for (guint s = 0; s < G_N_ELEMENTS (series); s++)
        {
          if (cols[s] < 0 || (guint)MAX (n_col, cols[s]) >= n_fields)
            continue;
          char *end;
          double y = g_ascii_strtod (f[cols[s]], &end);
          if (end == f[cols[s]])
            continue; /* '-' */
          bnb_svg_plot_add_point (plot, index[s],
                                  g_ascii_strtod (f[n_col], NULL),
                                  y * series[s].scale);
        }
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
