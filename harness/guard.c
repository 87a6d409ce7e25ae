/* Device buffers with guard zones: a candidate receives a sub-buffer in
 * the middle of a larger buffer, whose two ends are filled with a pattern
 * before the launches and read back after them.  A write just past either
 * end of an array (a tile that does not divide a size, a missing guard in
 * generated code) then shows as a wrong result naming the array and the
 * element, instead of corrupting a neighbour, or the worker's own heap on
 * a CPU device.
 *
 *   whole:  [ guard (pattern) | region: the array | guard (pattern) ]
 *
 * A guard is an eighth of the array, at least 64 KiB and at most 16 MiB,
 * rounded up to the device's base address alignment so that the region
 * may start after it.
 */
#include "harness/harness-private.h"

#include <string.h>

#define GUARD_PATTERN 0xA5
#define GUARD_MIN ((gsize)64 << 10)
#define GUARD_MAX ((gsize)16 << 20)

static gsize
base_alignment (cl_device_id device)
{
  cl_uint bits = 0;
  if (clGetDeviceInfo (device, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof bits,
                       &bits, NULL)
          != CL_SUCCESS
      || bits < 8)
    return 4096;
  /* at least 128 bytes, the full profile's least and the largest vector
   * access codegen prints through a pointer (codegen.md) */
  return MAX (bits / 8, 128);
}

gboolean
bnb_harness_guarded_create (cl_context context, cl_device_id device,
                            gsize bytes, BnbHarnessGuarded *g, GError **error)
{
  gsize align = base_alignment (device);
  cl_buffer_region region;
  cl_int status = CL_SUCCESS;
  memset (g, 0, sizeof *g);
  g->bytes = MAX (bytes, 1);
  g->guard = CLAMP (g->bytes / 8, GUARD_MIN, GUARD_MAX);
  g->guard = (g->guard + align - 1) / align * align;
  g->whole = clCreateBuffer (context, CL_MEM_READ_WRITE,
                             g->bytes + 2 * g->guard, NULL, &status);
  if (!bnb_device_check_cl (status, "clCreateBuffer", error))
    return FALSE;
  region.origin = g->guard;
  region.size = g->bytes;
  g->region
      = clCreateSubBuffer (g->whole, CL_MEM_READ_WRITE,
                           CL_BUFFER_CREATE_TYPE_REGION, &region, &status);
  return bnb_device_check_cl (status, "clCreateSubBuffer", error);
}

void
bnb_harness_guarded_release (BnbHarnessGuarded *g)
{
  if (g->region)
    clReleaseMemObject (g->region);
  if (g->whole)
    clReleaseMemObject (g->whole);
  g_free (g->host);
  memset (g, 0, sizeof *g);
}

gboolean
bnb_harness_guarded_arm (cl_command_queue queue, const BnbHarnessGuarded *g,
                         GError **error)
{
  static const guint8 pattern = GUARD_PATTERN;
  return bnb_device_check_cl (clEnqueueFillBuffer (queue, g->whole, &pattern,
                                                   1, 0, g->guard, 0, NULL,
                                                   NULL),
                              "clEnqueueFillBuffer", error)
         && bnb_device_check_cl (clEnqueueFillBuffer (queue, g->whole,
                                                      &pattern, 1,
                                                      g->guard + g->bytes,
                                                      g->guard, 0, NULL, NULL),
                                 "clEnqueueFillBuffer", error);
}

/* Whether `length` bytes of `data` all hold the pattern: its first
 * bytes are the pattern and each byte equals the one PERIOD before it
 * (memcmp of the guard with itself shifted), a few milliseconds for
 * 16 MiB where the loop of nearest_change alone took 5 to 8 times that
 * (10 to 16 ms to check the guards of a 64 MiB array here, with fresh
 * memory to read them into, about 2 ms now). */
#define PERIOD 64
static gboolean
intact (const guint8 *data, gsize length)
{
  for (gsize at = 0; at < MIN (length, PERIOD); at++)
    if (data[at] != GUARD_PATTERN)
      return FALSE;
  return length <= PERIOD
         || memcmp (data, data + PERIOD, length - PERIOD) == 0;
}

/* The changed byte nearest the region in `data` (a guard read back), or
 * -1; `before` scans from the end. */
static gssize
nearest_change (const guint8 *data, gsize length, gboolean before)
{
  if (intact (data, length))
    return -1;
  for (gsize i = 0; i < length; i++)
    {
      gsize at = before ? length - 1 - i : i;
      if (data[at] != GUARD_PATTERN)
        return (gssize)at;
    }
  return -1;
}

gboolean
bnb_harness_guarded_check (cl_command_queue queue, BnbHarnessGuarded *g,
                           gint64 *outside, GError **error)
{
  gssize at;
  *outside = 0;
  if (g->host == NULL)
    g->host = g_malloc (g->guard);
  if (!bnb_device_check_cl (clEnqueueReadBuffer (queue, g->whole, CL_TRUE, 0,
                                                 g->guard, g->host, 0, NULL,
                                                 NULL),
                            "clEnqueueReadBuffer", error))
    return FALSE;
  if ((at = nearest_change (g->host, g->guard, TRUE)) >= 0)
    {
      *outside = (gint64)at - (gint64)g->guard;
      return TRUE;
    }
  if (!bnb_device_check_cl (clEnqueueReadBuffer (queue, g->whole, CL_TRUE,
                                                 g->guard + g->bytes, g->guard,
                                                 g->host, 0, NULL, NULL),
                            "clEnqueueReadBuffer", error))
    return FALSE;
  if ((at = nearest_change (g->host, g->guard, FALSE)) >= 0)
    *outside = (gint64)g->bytes + at;
  return TRUE;
}
