/* Sizes of dims and the storage of temporaries in a leaf: which levels
 * index the array that holds a value, given its memory space and the
 * decisions on its pairs.  Code generation and the local-memory rule both
 * read this, so the bytes the search budgets are the bytes the kernel
 * declares. */
#include "choices/choices-private.h"

/* The smallest or the largest size a tile variable still allows. */
static guint
tile_var_extreme (const BnbChoiceNode *n, guint tile_var, gboolean largest)
{
  const BnbIrTileVar *tv = bnb_ir_tile_var (n->space->kernel, tile_var);
  guint best = 0;
  for (BnbDomain d = n->dom[n->space->tile_base + tile_var]; d; d &= d - 1)
    {
      guint size = tv->sizes[bnb_dom_first (d)];
      if (best == 0 || (largest ? size > best : size < best))
        best = size;
    }
  return MAX (best, 1);
}

/* A level-0 dim's size: its logical size over its tiles' product. */
static gint64
level0_size (const BnbChoiceSpace *s, guint logical, gint64 tiles)
{
  return (bnb_ir_logical_size (s->kernel, logical) + tiles - 1) / tiles;
}

/* The smallest size a dim can still have: its tile's smallest, or at
 * level 0 the logical size over the largest tiles still open below. */
guint
bnb_node_dim_min_size (const BnbChoiceNode *n, guint dim)
{
  const BnbChoiceSpace *s = n->space;
  if (s->dim_info[dim].tile_var != BNB_NONE)
    return tile_var_extreme (n, s->dim_info[dim].tile_var, FALSE);
  const BnbIrDim *d = bnb_ir_dim (s->kernel, dim);
  const BnbIrLogical *l = bnb_ir_logical (s->kernel, d->logical);
  gint64 tiles = 1;
  for (guint lv = 1; lv < l->n_levels; lv++)
    tiles *= tile_var_extreme (n, l->tile_var[lv], TRUE);
  return (guint)level0_size (s, d->logical, tiles);
}

static guint
read_tile_size (BnbChoiceReader *r, guint tile_var)
{
  const BnbChoiceSpace *s = r->node->space;
  return bnb_ir_tile_var (s->kernel, tile_var)
      ->sizes[bnb_choice_read_value (r, s->tile_base + tile_var)];
}

gint64
bnb_choice_read_dim_size (BnbChoiceReader *r, guint dim)
{
  const BnbChoiceSpace *s = r->node->space;
  const BnbIrDim *d = bnb_ir_dim (s->kernel, dim);
  const BnbIrLogical *l = bnb_ir_logical (s->kernel, d->logical);
  gint64 tiles = 1;
  if (d->level > 0)
    return read_tile_size (r, l->tile_var[d->level]);
  for (guint lv = 1; lv < l->n_levels; lv++)
    tiles *= read_tile_size (r, l->tile_var[lv]);
  return level0_size (s, d->logical, tiles);
}

gint64
bnb_choice_leaf_dim_size (const BnbChoiceNode *n, guint dim)
{
  BnbChoiceReader r = { n, FALSE, { 0, 0 } };
  return bnb_choice_read_dim_size (&r, dim);
}

guint
bnb_choice_space_n_temps (const BnbChoiceSpace *s)
{
  return s->n_temps;
}

guint
bnb_choice_temp_value (const BnbChoiceSpace *s, guint temp)
{
  return s->temps[temp].value;
}

guint
bnb_choice_value_temp (const BnbChoiceSpace *s, guint value)
{
  for (guint t = 0; t < s->n_temps; t++)
    if (s->temps[t].value == value)
      return t;
  return G_MAXUINT;
}

/* Is the pair's level stored?  Only whether the pair is fused matters
 * (absent pairs have an elided dim). */
static gboolean
pair_stored (BnbChoiceReader *r, BnbMem mem, guint dp, guint dc)
{
  BnbKind kp = bnb_choice_read_kind (r, dp), kc = bnb_choice_read_kind (r, dc);
  if (kp == BNB_KIND_ELIDED || kc == BNB_KIND_ELIDED)
    return FALSE;
  if (mem == BNB_MEM_PRIVATE)
    return bnb_kind_is_unrolled (kp) && bnb_kind_is_unrolled (kc)
           && !bnb_choice_read_order_is (r, dp, dc, BNB_ORDER_FUSED);
  if (bnb_kind_is_thread (kp)
      || !bnb_choice_read_order_is (r, dp, dc, BNB_ORDER_FUSED))
    return TRUE;
  return mem == BNB_MEM_GLOBAL && kp == BNB_KIND_BLOCK;
}

static gboolean
shared_stored (BnbChoiceReader *r, BnbMem mem, guint d)
{
  BnbKind k = bnb_choice_read_kind (r, d);
  if (mem == BNB_MEM_PRIVATE || k == BNB_KIND_ELIDED)
    return FALSE;
  return bnb_kind_is_thread (k)
         || (mem == BNB_MEM_GLOBAL && k == BNB_KIND_BLOCK);
}

/* Bit i set: slot i indexes the temporary's array. */
static guint64
stored_slots (BnbChoiceReader *r, guint temp)
{
  const BnbTemp *t = &r->node->space->temps[temp];
  BnbMem mem = bnb_choice_read_mem (r, temp);
  guint64 slots = 0;
  for (guint q = 0; q < t->n_pairs; q++)
    if (pair_stored (r, mem, t->pairs[q][0], t->pairs[q][1]))
      slots |= G_GUINT64_CONSTANT (1) << t->pair_slot[q];
  for (guint i = 0; i < t->n_shared; i++)
    if (shared_stored (r, mem, t->shared[i]))
      slots |= G_GUINT64_CONSTANT (1) << t->shared_slot[i];
  return slots;
}

/* What pad(v)=rows prints, so that the tree asks only questions whose
 * answers print other code: the same as `no` without rows to set apart
 * (one level, or a first level of one index); the same as `yes` where
 * `yes` already sets the rows 4 apart (every level between the first
 * and the last of one index, the last a multiple of 4: the same strides
 * and size); else its own code. */
static BnbPad
rows_print_as (const BnbStorageLevel *levels, guint count)
{
  gint64 middle = 1;
  if (count < 2 || levels[0].size <= 1)
    return BNB_PAD_NO;
  for (guint i = 1; i + 1 < count; i++)
    middle *= levels[i].size;
  return middle == 1 && levels[count - 1].size % 4 == 0 ? BNB_PAD_YES
                                                        : BNB_PAD_ROWS;
}

BnbPad
bnb_choice_pad_layout (const BnbStorageLevel *levels, guint count, BnbPad pad)
{
  BnbPad rows = rows_print_as (levels, count);
  return pad == BNB_PAD_YES    ? BNB_PAD_YES
         : pad == BNB_PAD_ROWS ? rows
                               : BNB_PAD_NO;
}

guint
bnb_choice_read_storage (BnbChoiceReader *r, guint temp,
                         BnbStorageLevel *levels, BnbPad *pad)
{
  const BnbChoiceSpace *s = r->node->space;
  const BnbTemp *t = &s->temps[temp];
  guint64 slots = stored_slots (r, temp);
  guint count = 0;
  for (guint i = 0; i < t->n_slots; i++)
    if (slots >> i & 1)
      {
        const BnbIrDim *d = bnb_ir_dim (s->kernel, t->slot_dim[i]);
        levels[count++] = (BnbStorageLevel){
          d->logical, d->level, bnb_choice_read_dim_size (r, t->slot_dim[i])
        };
      }
  *pad = BNB_PAD_NO;
  if (bnb_choice_read_mem (r, temp) == BNB_MEM_LOCAL && count > 0)
    {
      /* per layout, the alternatives of pad(v) that print it */
      BnbDomain prints[BNB_PAD_COUNT] = { 0 };
      for (guint v = 0; v < BNB_PAD_COUNT; v++)
        prints[bnb_choice_pad_layout (levels, count, (BnbPad)v)] |= 1u << v;
      if (bnb_choice_read_in (r, s->pad_base + temp, prints[BNB_PAD_YES]))
        *pad = BNB_PAD_YES;
      else if (prints[BNB_PAD_ROWS] != 0
               && bnb_choice_read_in (r, s->pad_base + temp,
                                      prints[BNB_PAD_ROWS]))
        *pad = BNB_PAD_ROWS;
    }
  return count;
}

gint64
bnb_choice_padded_extent (gint64 size)
{
  return size % 4 == 0 ? size + 4 : size + 1;
}

guint
bnb_choice_leaf_storage (const BnbChoiceNode *n, guint temp,
                         BnbStorageLevel *levels, BnbPad *pad)
{
  BnbChoiceReader r = { n, FALSE, { 0, 0 } };
  return bnb_choice_read_storage (&r, temp, levels, pad);
}

gint64
bnb_choice_storage_stride (const BnbStorageLevel *levels, guint count,
                           BnbPad pad, guint i)
{
  gint64 stride = 1;
  for (guint j = i + 1; j < count; j++)
    stride *= pad == BNB_PAD_YES && j + 1 == count
                  ? bnb_choice_padded_extent (levels[j].size)
                  : levels[j].size;
  return pad == BNB_PAD_ROWS && i == 0 && count > 1 ? stride + 4 : stride;
}

gint64
bnb_choice_storage_elements (const BnbStorageLevel *levels, guint count,
                             BnbPad pad)
{
  if (count == 0)
    return 1;
  gint64 first = pad == BNB_PAD_YES && count == 1
                     ? bnb_choice_padded_extent (levels[0].size)
                     : levels[0].size;
  return first * bnb_choice_storage_stride (levels, count, pad, 0);
}

/* A temporary's local array, twice over where prefetch(v) is certainly
 * `double` (codegen doubles it where that changes the code; counting it
 * twice elsewhere leaves out no kernel that the other values print). */
static guint64
temp_local_bytes (const BnbChoiceNode *n, guint temp)
{
  BnbStorageLevel levels[64];
  BnbPad pad;
  guint count = bnb_choice_leaf_storage (n, temp, levels, &pad);
  gint64 elements = bnb_choice_storage_elements (levels, count, pad);
  if (n->dom[n->space->prefetch_base + temp] == 1u << BNB_PREFETCH_DOUBLE)
    elements = 2 * bnb_choice_storage_half (elements);
  return (guint64)elements * n->space->temps[temp].bytes;
}

gint64
bnb_choice_storage_half (gint64 elements)
{
  return (elements + 3) / 4 * 4;
}

guint64
bnb_choice_leaf_local_bytes (const BnbChoiceNode *n)
{
  guint64 total = 0;
  for (guint t = 0; t < n->space->n_temps; t++)
    if (n->dom[n->space->mem_base + t] == (1u << BNB_MEM_LOCAL))
      total += temp_local_bytes (n, t);
  return total;
}

static BnbDomain
kind_dom (const BnbChoiceNode *n, guint dim)
{
  return n->dom[n->space->kind_base + dim];
}

#define THREAD_KINDS                                     \
  ((1u << BNB_KIND_THREAD_X) | (1u << BNB_KIND_THREAD_Y) \
   | (1u << BNB_KIND_THREAD_Z))

/* In local memory (pair_stored and shared_stored), a pair is certainly
 * stored when neither dim can be elided any more and the pair can no
 * longer be fused or its producer's dim is certainly on a local id; a
 * shared dim when it is certainly on a local id. */
static gboolean
pair_certainly_stored (const BnbChoiceNode *n, guint dp, guint dc)
{
  BnbDomain o = bnb_node_order (n, dp, dc), elided = 1u << BNB_KIND_ELIDED;
  if ((o & (1u << BNB_ORDER_ABSENT)) || (kind_dom (n, dp) & elided)
      || (kind_dom (n, dc) & elided))
    return FALSE;
  return !(o & (1u << BNB_ORDER_FUSED))
         || !(kind_dom (n, dp) & ~THREAD_KINDS);
}

/* The bytes a temporary takes in local memory at least, whatever the
 * open choices become: the slots certainly stored, at their smallest
 * sizes (padding left out).  At a node where the kinds and the fusions
 * of its pairs are settled this is the leaf's figure, so that the open
 * nesting orders below (which do not change it) are not searched. */
guint64
bnb_temp_local_min_bytes (const BnbChoiceNode *n, guint temp)
{
  const BnbTemp *t = &n->space->temps[temp];
  guint64 slots = 0, elems = 1;
  for (guint q = 0; q < t->n_pairs; q++)
    if (pair_certainly_stored (n, t->pairs[q][0], t->pairs[q][1]))
      slots |= G_GUINT64_CONSTANT (1) << t->pair_slot[q];
  for (guint i = 0; i < t->n_shared; i++)
    if (!(kind_dom (n, t->shared[i]) & ~THREAD_KINDS))
      slots |= G_GUINT64_CONSTANT (1) << t->shared_slot[i];
  for (guint i = 0; i < t->n_slots; i++)
    if (slots >> i & 1)
      elems *= bnb_node_dim_min_size (n, t->slot_dim[i]);
  return elems * t->bytes;
}
