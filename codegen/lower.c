/* Lowering a leaf into a loop tree.  Fused dims become one class; every
 * loop class and instruction hangs under the innermost loop class it is
 * inside; siblings follow the decided before/after order.  Work-group and
 * work-item classes are not in the tree: their place prints nothing, so
 * lowering never reads it, and the space's tree never splits on it.
 * Every decision is read through a reader (choices.h), which is how an
 * open node tells which choice the code depends on next.  Work-item classes run
 * on the local id their kind names, work-group classes on group ids from
 * the innermost out.  Barriers go where a temporary in local or global
 * memory passes from its producer to a consumer in another work-item (and,
 * inside a loop, after the consumer, before the next iteration overwrites
 * it). */
#include "codegen/codegen-private.h"

#include <string.h>

G_DEFINE_QUARK (bnb-codegen-error-quark, bnb_codegen_error)

static guint
uf_find (guint *parent, guint x)
{
  while (parent[x] != x)
    x = parent[x] = parent[parent[x]];
  return x;
}

static void
build_classes (BnbCgLowered *low)
{
  guint n = low->kernel->dims->len, *parent = g_new (guint, n);
  for (guint d = 0; d < n; d++)
    parent[d] = d;
  BnbKind *kind = g_new (BnbKind, MAX (n, 1));
  for (guint d = 0; d < n; d++)
    kind[d] = bnb_choice_read_kind (&low->reader, d);
  for (guint d = 0; d < n; d++)
    for (guint e = d + 1; e < n; e++)
      if (kind[d] != BNB_KIND_ELIDED && kind[e] != BNB_KIND_ELIDED
          && bnb_choice_read_order_is (&low->reader, d, e, BNB_ORDER_FUSED))
        parent[MAX (uf_find (parent, d), uf_find (parent, e))]
            = MIN (uf_find (parent, d), uf_find (parent, e));
  low->dim_class = g_new (guint, n);
  low->classes = g_new0 (BnbCgClass, n);
  for (guint d = 0; d < n; d++)
    {
      guint r = uf_find (parent, d);
      low->dim_class[d] = BNB_CG_NONE;
      if (kind[d] == BNB_KIND_ELIDED)
        continue;
      if (r == d)
        low->classes[low->n_classes++] = (BnbCgClass){
          d, kind[d], bnb_choice_read_dim_size (&low->reader, d), 0, 0
        };
      for (guint c = 0; c < low->n_classes; c++)
        if (low->classes[c].rep == r)
          low->dim_class[d] = c;
    }
  g_free (parent);
  g_free (kind);
}

static guint
class_item (const BnbCgLowered *low, guint c)
{
  return low->classes[c].rep;
}

static gboolean
item_inside_class (BnbCgLowered *low, guint item, guint c)
{
  guint rep = class_item (low, c);
  return item != rep
         && bnb_choice_read_order_is (&low->reader, item, rep,
                                      BNB_ORDER_INSIDE);
}

/* Loop classes are nodes of the tree; work-group classes are ordered
 * among themselves (for their group ids); work-item classes are neither. */
static gboolean
is_loop_class (const BnbCgLowered *low, guint c)
{
  BnbKind k = low->classes[c].kind;
  return k == BNB_KIND_LOOP || k == BNB_KIND_UNROLL || k == BNB_KIND_VECTOR;
}

static gboolean
same_family (const BnbCgLowered *low, guint c, guint o)
{
  if (is_loop_class (low, c))
    return is_loop_class (low, o);
  return low->classes[c].kind == BNB_KIND_BLOCK
         && low->classes[o].kind == BNB_KIND_BLOCK;
}

/* The innermost loop class around an item, BNB_CG_NONE at the top. */
static guint
parent_class (BnbCgLowered *low, guint item)
{
  guint best = BNB_CG_NONE;
  for (guint c = 0; c < low->n_classes; c++)
    if (is_loop_class (low, c) && item_inside_class (low, item, c)
        && (best == BNB_CG_NONE
            || low->classes[c].depth > low->classes[best].depth))
      best = c;
  return best;
}

/* Depth among the classes of its family (loops, or work-group dims). */
static void
class_depths (BnbCgLowered *low)
{
  for (guint c = 0; c < low->n_classes; c++)
    for (guint o = 0; o < low->n_classes; o++)
      if (o != c && same_family (low, c, o))
        low->classes[c].depth
            += item_inside_class (low, class_item (low, c), o);
}

static BnbCgNode *
node_new (BnbCgNodeType type, guint index)
{
  BnbCgNode *n = g_new0 (BnbCgNode, 1);
  n->type = type;
  n->index = index;
  if (type == BNB_CG_ROOT || type == BNB_CG_LOOP)
    n->children = g_ptr_array_new ();
  return n;
}

static void
node_free (BnbCgNode *n)
{
  if (!n)
    return;
  if (n->children)
    {
      for (guint i = 0; i < n->children->len; i++)
        node_free (g_ptr_array_index (n->children, i));
      g_ptr_array_unref (n->children);
    }
  g_free (n);
}

static void
node_add (BnbCgNode *parent, BnbCgNode *child)
{
  child->parent = parent;
  g_ptr_array_add (parent->children, child);
}

static guint
node_item (const BnbCgLowered *low, const BnbCgNode *n)
{
  if (n->type == BNB_CG_LOOP)
    return class_item (low, n->index);
  return low->kernel->dims->len + n->index;
}

static gint
compare_siblings (gconstpointer a, gconstpointer b, gpointer data)
{
  BnbCgLowered *low = data;
  const BnbCgNode *x = *(BnbCgNode *const *)a, *y = *(BnbCgNode *const *)b;
  guint ix = node_item (low, x), iy = node_item (low, y);
  if (ix == iy)
    return 0;
  return bnb_choice_read_order_is (&low->reader, ix, iy, BNB_ORDER_BEFORE)
             ? -1
             : 1;
}

static void
sort_tree (BnbCgLowered *low, BnbCgNode *n)
{
  if (!n->children)
    return;
  g_ptr_array_sort_with_data (n->children, compare_siblings, (gpointer)low);
  for (guint i = 0; i < n->children->len; i++)
    sort_tree (low, g_ptr_array_index (n->children, i));
}

static void
build_tree (BnbCgLowered *low)
{
  guint n_dims = low->kernel->dims->len, n_insts = low->kernel->insts->len;
  BnbCgNode **class_node = g_new (BnbCgNode *, MAX (low->n_classes, 1));
  low->root = node_new (BNB_CG_ROOT, 0);
  low->inst_node = g_new (BnbCgNode *, MAX (n_insts, 1));
  for (guint c = 0; c < low->n_classes; c++)
    class_node[c] = node_new (BNB_CG_LOOP, c);
  for (guint c = 0; c < low->n_classes; c++)
    {
      if (!is_loop_class (low, c))
        {
          node_free (class_node[c]);
          continue;
        }
      guint p = parent_class (low, class_item (low, c));
      node_add (p == BNB_CG_NONE ? low->root : class_node[p], class_node[c]);
    }
  for (guint i = 0; i < n_insts; i++)
    {
      guint p = parent_class (low, n_dims + i);
      low->inst_node[i] = node_new (BNB_CG_INST, i);
      node_add (p == BNB_CG_NONE ? low->root : class_node[p],
                low->inst_node[i]);
    }
  g_free (class_node);
  sort_tree (low, low->root);
}

static gboolean
invalid (GError **error, const char *what)
{
  g_set_error (error, BNB_CODEGEN_ERROR, BNB_CODEGEN_ERROR_INVALID,
               "cannot lower the leaf: %s", what);
  return FALSE;
}

/* Work-items: each local id has one size.  Work-groups: group id 0 for the
 * innermost work-group class, then outwards. */
static gboolean
assign_hardware (BnbCgLowered *low, GError **error)
{
  guint n_blocks = 0;
  for (guint h = 0; h < 3; h++)
    low->local_size[h] = low->groups[h] = 1;
  for (guint c = 0; c < low->n_classes; c++)
    {
      BnbCgClass *cl = &low->classes[c];
      if (cl->kind < BNB_KIND_THREAD_X || cl->kind > BNB_KIND_THREAD_Z)
        continue;
      cl->hw = cl->kind - BNB_KIND_THREAD_X;
      if (low->local_size[cl->hw] != 1
          && low->local_size[cl->hw] != (gsize)cl->size)
        return invalid (error, "two sizes on one local id");
      low->local_size[cl->hw] = (gsize)cl->size;
    }
  for (guint c = 0; c < low->n_classes; c++)
    n_blocks += low->classes[c].kind == BNB_KIND_BLOCK;
  if (n_blocks > 3)
    return invalid (error, "more than three work-group dims");
  for (guint c = 0; c < low->n_classes; c++)
    {
      BnbCgClass *cl = &low->classes[c];
      guint deeper = 0;
      if (cl->kind != BNB_KIND_BLOCK)
        continue;
      for (guint o = 0; o < low->n_classes; o++)
        deeper += low->classes[o].kind == BNB_KIND_BLOCK
                  && low->classes[o].depth > cl->depth;
      cl->hw = deeper;
      low->groups[deeper] = (gsize)cl->size;
    }
  return TRUE;
}

static guint
child_index (const BnbCgNode *parent, const BnbCgNode *child)
{
  for (guint i = 0; i < parent->children->len; i++)
    if (g_ptr_array_index (parent->children, i) == child)
      return i;
  g_assert_not_reached ();
  return 0;
}

/* A barrier at position `at` of parent's children, merged with one
 * already there. */
static void
put_barrier (BnbCgNode *parent, guint at, guint fence)
{
  BnbCgNode *b;
  if (at > 0)
    {
      b = g_ptr_array_index (parent->children, at - 1);
      if (b->type == BNB_CG_BARRIER)
        {
          b->index |= fence;
          return;
        }
    }
  if (at < parent->children->len)
    {
      b = g_ptr_array_index (parent->children, at);
      if (b->type == BNB_CG_BARRIER)
        {
          b->index |= fence;
          return;
        }
    }
  b = node_new (BNB_CG_BARRIER, fence);
  b->parent = parent;
  g_ptr_array_insert (parent->children, (gint)at, b);
}

static gboolean
node_is_above (const BnbCgNode *above, const BnbCgNode *n)
{
  for (; n; n = n->parent)
    if (n == above)
      return TRUE;
  return FALSE;
}

/* The loop node of class `c` around instruction `i`. */
static const BnbCgNode *
loop_node (const BnbCgLowered *low, guint i, guint c)
{
  const BnbCgNode *n = low->inst_node[i]->parent;
  while (n && !(n->type == BNB_CG_LOOP && n->index == c))
    n = n->parent;
  return n;
}

/* The innermost loop of more than one step at or above `n`, or NULL. */
static const BnbCgNode *
first_repeated (const BnbCgLowered *low, const BnbCgNode *n)
{
  for (; n; n = n->parent)
    if (n->type == BNB_CG_LOOP && low->classes[n->index].size > 1
        && (low->classes[n->index].kind == BNB_KIND_LOOP
            || low->classes[n->index].kind == BNB_KIND_UNROLL))
      return n;
  return NULL;
}

static gboolean
in_repeated_loop (const BnbCgLowered *low, const BnbCgNode *n)
{
  return first_repeated (low, n) != NULL;
}

/* A barrier before the consumer's branch under the two instructions'
 * lowest common node, and, where a loop around them repeats, a second
 * after it, so that the next step's producer does not overwrite what
 * this step's consumer still reads.  `halves` is the loop whose steps
 * alternate between two halves of the array (prefetch(v)=double), or
 * NULL: where it is the loop that repeats, the next step writes the
 * other half, and the second barrier is left out. */
static void
barrier_between (BnbCgLowered *low, const BnbCgNode *p, const BnbCgNode *c,
                 guint fence, const BnbCgNode *halves)
{
  BnbCgNode *lca = p->parent, *ac = (BnbCgNode *)c;
  while (!node_is_above (lca, c))
    lca = lca->parent;
  while (ac->parent != lca)
    ac = ac->parent;
  put_barrier (lca, child_index (lca, ac), fence);
  const BnbCgNode *repeated = first_repeated (low, lca);
  if (repeated != NULL && repeated != halves)
    put_barrier (lca, child_index (lca, ac) + 1, fence);
}

static guint
inst_dim_at_level (const BnbIrKernel *k, const BnbIrInst *inst,
                   const BnbStorageLevel *lv)
{
  return bnb_ir_inst_dim_at (k, inst, lv->logical, lv->level);
}

static gboolean
level_on_local_id (BnbCgLowered *low, const BnbIrComm *comm,
                   const BnbStorageLevel *lv, guint h)
{
  const BnbIrKernel *k = low->kernel;
  guint dp = inst_dim_at_level (k, bnb_ir_inst (k, comm->producer), lv);
  guint dc = inst_dim_at_level (k, bnb_ir_inst (k, comm->consumer), lv);
  return dp != BNB_CG_NONE && dc != BNB_CG_NONE
         && bnb_choice_read_kind (&low->reader, dp) == BNB_KIND_THREAD_X + h
         && bnb_choice_read_kind (&low->reader, dc) == BNB_KIND_THREAD_X + h;
}

/* A communication stays within each work-item when its array has, for
 * every local id in use, an index that producer and consumer both take
 * from that local id: every work-item then has slots of its own. */
static gboolean
within_work_item (BnbCgLowered *low, const BnbIrComm *comm, guint t)
{
  BnbStorageLevel levels[2 * BNB_IR_MAX_INST_DIMS];
  BnbPad pad;
  guint n = bnb_choice_read_storage (&low->reader, t, levels, &pad);
  for (guint h = 0; h < 3; h++)
    {
      gboolean own = low->local_size[h] == 1;
      for (guint i = 0; i < n && !own; i++)
        own = level_on_local_id (low, comm, &levels[i], h);
      if (!own)
        return FALSE;
    }
  return TRUE;
}

static gboolean
subscripts_use (const BnbIrKernel *k, const BnbIrInst *inst, guint logical)
{
  for (guint r = 0; r < bnb_ir_array (k, inst->array)->rank; r++)
    for (guint t = 0; t < inst->index[r].n_terms; t++)
      if (inst->index[r].terms[t].kind == BNB_IR_VAR_LOGICAL
          && inst->index[r].terms[t].index == logical)
        return TRUE;
  return FALSE;
}

/* Whether `load` and `store` take one level of a logical dim their
 * subscripts use from local id `h`: the work-items along h then touch
 * elements of their own. */
static gboolean
accesses_split_on (BnbCgLowered *low, const BnbIrInst *load,
                   const BnbIrInst *store, guint h)
{
  const BnbIrKernel *k = low->kernel;
  for (guint i = 0; i < load->n_dims; i++)
    {
      const BnbIrDim *d = bnb_ir_dim (k, load->dims[i]);
      BnbStorageLevel lv = { .logical = d->logical, .level = d->level };
      guint ds = inst_dim_at_level (k, store, &lv);
      if (ds != BNB_CG_NONE && subscripts_use (k, load, d->logical)
          && bnb_choice_read_kind (&low->reader, load->dims[i])
                 == BNB_KIND_THREAD_X + h
          && bnb_choice_read_kind (&low->reader, ds) == BNB_KIND_THREAD_X + h)
        return TRUE;
    }
  return FALSE;
}

/* An inout array's load and store (same subscripts) touch the same
 * elements in each work-item when, for every local id in use, both take
 * one level of a subscript's logical dim from it. */
static gboolean
accesses_within_work_item (BnbCgLowered *low, const BnbIrInst *load,
                           const BnbIrInst *store)
{
  for (guint h = 0; h < 3; h++)
    if (low->local_size[h] > 1 && !accesses_split_on (low, load, store, h))
      return FALSE;
  return TRUE;
}

/* A store to an inout array waits for every work-item's loads of it
 * unless each work-item stores only what it loaded itself (issue 14: a
 * work-item stored an element another had not loaded yet). */
static void
place_inout_barriers (BnbCgLowered *low)
{
  const BnbIrKernel *k = low->kernel;
  for (guint i = 0; i < k->insts->len; i++)
    for (guint j = 0; j < k->insts->len; j++)
      {
        const BnbIrInst *load = bnb_ir_inst (k, i), *store = bnb_ir_inst (k, j);
        if (load->op == BNB_IR_OP_LOAD && store->op == BNB_IR_OP_STORE
            && load->array == store->array
            && bnb_ir_array (k, load->array)->mode == BNB_IR_INOUT
            && !accesses_within_work_item (low, load, store))
          barrier_between (low, low->inst_node[i], low->inst_node[j],
                           BNB_CG_FENCE_GLOBAL, NULL);
      }
}

static void
place_barriers (BnbCgLowered *low)
{
  const BnbIrKernel *k = low->kernel;
  if (low->local_size[0] * low->local_size[1] * low->local_size[2] == 1)
    return;
  place_inout_barriers (low);
  for (guint i = 0; i < k->comms->len; i++)
    {
      const BnbIrComm *comm = bnb_ir_comm (k, i);
      guint t = bnb_choice_value_temp (low->space, comm->value);
      if (t == G_MAXUINT || comm->producer == comm->consumer)
        continue;
      BnbMem mem = bnb_choice_read_mem (&low->reader, t);
      if (mem == BNB_MEM_PRIVATE || within_work_item (low, comm, t))
        continue;
      barrier_between (low, low->inst_node[comm->producer],
                       low->inst_node[comm->consumer],
                       mem == BNB_MEM_LOCAL ? BNB_CG_FENCE_LOCAL
                                            : BNB_CG_FENCE_GLOBAL,
                       low->doubled[comm->producer]
                           ? loop_node (low, comm->producer,
                                        low->prefetch_loop[comm->producer])
                           : NULL);
    }
}

/* The loop a load written with `prefetch` may fetch one step ahead
 * across: the innermost `for` loop of more than one step around it that
 * holds none of the load's own dims (those index the local array, which
 * each step of the loop fills anew).  BNB_CG_NONE if there is none. */
static guint
prefetch_class (const BnbCgLowered *low, guint i)
{
  const BnbIrKernel *k = low->kernel;
  const BnbIrInst *inst = bnb_ir_inst (k, i);
  for (const BnbCgNode *n = low->inst_node[i]->parent; n; n = n->parent)
    {
      if (n->type != BNB_CG_LOOP)
        continue;
      const BnbCgClass *cl = &low->classes[n->index];
      gboolean own = FALSE;
      for (guint d = 0; d < inst->n_dims; d++)
        own |= bnb_ir_dim (k, inst->dims[d])->owner == i
               && low->dim_class[inst->dims[d]] == n->index;
      if (!own && cl->kind == BNB_KIND_LOOP && cl->size > 1)
        return n->index;
    }
  return BNB_CG_NONE;
}

/* The temporary of load `i` when it is written with a clause (`clause`)
 * and kept in local memory, where the clause's choice may be read; else
 * G_MAXUINT. */
static guint
clause_temp (BnbCgLowered *low, guint i, gboolean clause)
{
  const BnbIrInst *inst = bnb_ir_inst (low->kernel, i);
  guint t = clause ? bnb_choice_value_temp (low->space, inst->value)
                   : G_MAXUINT;
  if (t == G_MAXUINT || bnb_choice_read_mem (&low->reader, t) != BNB_MEM_LOCAL)
    return G_MAXUINT;
  return t;
}

/* Whether the local array of prefetched load `i` may be doubled: the
 * loop it fetches across is the only one around it that repeats (a loop
 * outside would start its next round in the half an odd count of steps
 * ended in, with no barrier between), and every reader of its value is
 * inside that loop (the index whose parity picks the half is defined
 * there only). */
static gboolean
may_double (const BnbCgLowered *low, guint i)
{
  const BnbIrKernel *k = low->kernel;
  const BnbCgNode *loop = loop_node (low, i, low->prefetch_loop[i]);
  if (loop == NULL || in_repeated_loop (low, loop->parent))
    return FALSE;
  for (guint c = 0; c < k->comms->len; c++)
    {
      const BnbIrComm *comm = bnb_ir_comm (k, c);
      if (comm->producer == i
          && !node_is_above (loop, low->inst_node[comm->consumer]))
        return FALSE;
    }
  return TRUE;
}

/* prefetch(v) is read only where it changes the code: v in local memory,
 * loaded inside a loop it may fetch ahead across; whether it is `double`
 * only where the array may be doubled (docs/codegen.md). */
static void
choose_prefetch (BnbCgLowered *low)
{
  const BnbIrKernel *k = low->kernel;
  for (guint i = 0; i < k->insts->len; i++)
    {
      guint t = clause_temp (low, i, bnb_ir_inst (k, i)->prefetch);
      low->prefetch_loop[i] = BNB_CG_NONE;
      low->doubled[i] = FALSE;
      if (t == G_MAXUINT)
        continue;
      guint c = prefetch_class (low, i);
      if (c == BNB_CG_NONE || !bnb_choice_read_prefetch (&low->reader, t))
        continue;
      low->prefetch_loop[i] = c;
      if (low->reader.open)
        continue;
      low->doubled[i]
          = may_double (low, i) && bnb_choice_read_double (&low->reader, t);
    }
}

/* Whether own dim `d` of load `i` is one loop with the dim of a reader
 * of its value at its level: then that reader takes the element at the
 * load's iteration, and the load may not weigh its levels otherwise. */
static gboolean
fused_with_reader (BnbCgLowered *low, guint i, guint d)
{
  const BnbIrKernel *k = low->kernel;
  const BnbIrDim *dim = bnb_ir_dim (k, d);
  for (guint c = 0; c < k->comms->len; c++)
    {
      const BnbIrComm *comm = bnb_ir_comm (k, c);
      if (comm->producer != i)
        continue;
      guint du = bnb_ir_inst_dim_at (k, bnb_ir_inst (k, comm->consumer),
                                     dim->logical, dim->level);
      if (du != BNB_IR_NONE && du != d
          && bnb_choice_read_order_is (&low->reader, d, du, BNB_ORDER_FUSED))
        return TRUE;
    }
  return FALSE;
}

/* Whether interleaving load `i` along `logical` would print other code
 * (see bnb_cg_interleaves), whatever interleave(v) is. */
static gboolean
interleave_changes (BnbCgLowered *low, guint i, guint logical)
{
  const BnbIrKernel *k = low->kernel;
  const BnbIrInst *inst = bnb_ir_inst (k, i);
  const BnbIrLogical *lg = bnb_ir_logical (k, logical);
  gboolean own_seen = FALSE, thread_outside = FALSE, changes = FALSE;
  if (!subscripts_use (k, inst, logical))
    return FALSE;
  for (guint lv = 0; lv < lg->n_levels; lv++)
    {
      guint d = bnb_ir_inst_dim_at (k, inst, logical, lv);
      gboolean own = d != BNB_IR_NONE && bnb_ir_dim (k, d)->owner == i;
      if (!own)
        {
          if (own_seen)
            return FALSE; /* the own levels are not the innermost run */
          continue;
        }
      own_seen = TRUE;
      BnbKind kind = bnb_choice_read_kind (&low->reader, d);
      if (kind == BNB_KIND_VECTOR
          || (kind != BNB_KIND_ELIDED && fused_with_reader (low, i, d)))
        return FALSE;
      if (bnb_kind_is_thread (kind))
        thread_outside = TRUE;
      else if (kind != BNB_KIND_ELIDED && thread_outside)
        changes = TRUE;
    }
  return changes;
}

/* Whether a reader of load `i`'s value reads it without a barrier, each
 * work-item the slots it stored itself (within_work_item): interleaving
 * would make it read slots that other work-items store. */
static gboolean
read_without_barrier (BnbCgLowered *low, guint i, guint t)
{
  const BnbIrKernel *k = low->kernel;
  for (guint c = 0; c < k->comms->len; c++)
    {
      const BnbIrComm *comm = bnb_ir_comm (k, c);
      if (comm->producer == i && comm->consumer != i
          && within_work_item (low, comm, t))
        return TRUE;
    }
  return FALSE;
}

/* interleave(v) is read only where it changes the code: v in local
 * memory, some dim of the load that it would interleave, and a barrier
 * between the load and every reader. */
static void
choose_interleave (BnbCgLowered *low)
{
  const BnbIrKernel *k = low->kernel;
  for (guint i = 0; i < k->insts->len; i++)
    {
      guint t = clause_temp (low, i, bnb_ir_inst (k, i)->interleave);
      guint64 changes = 0;
      low->interleave[i] = 0;
      if (t == G_MAXUINT || read_without_barrier (low, i, t))
        continue;
      for (guint l = 0; l < MIN (k->logicals->len, 64); l++)
        changes |= (guint64)interleave_changes (low, i, l) << l;
      if (changes && bnb_choice_read_interleave (&low->reader, t))
        low->interleave[i] = changes;
    }
}

/* The arrays of the `split` stores that run in a work-group dim they
 * lack (their reduction split across work-groups): the parser lets no
 * other store into such an array (bnb_ir_check_splits), so a bit per
 * array says which stores add. */
static void
find_zeroed (BnbCgLowered *low)
{
  for (guint i = 0; i < low->kernel->insts->len; i++)
    {
      const BnbIrInst *in = bnb_ir_inst (low->kernel, i);
      if (!in->split)
        continue;
      for (guint d = 0; d < low->kernel->dims->len; d++)
        {
          guint c = low->dim_class[d];
          gboolean own = FALSE;
          if (c == BNB_CG_NONE || low->classes[c].kind != BNB_KIND_BLOCK)
            continue;
          for (guint e = 0; e < in->n_dims; e++)
            own |= low->dim_class[in->dims[e]] == c;
          if (!own)
            {
              low->zeroed |= G_GUINT64_CONSTANT (1) << in->array;
              break;
            }
        }
    }
}

/* The steps of lowering; each stops the lowering of an open node once a
 * read was not answered. */
static gboolean
lower_steps (BnbCgLowered *low, GError **error)
{
  build_classes (low);
  if (low->reader.open)
    return TRUE;
  class_depths (low);
  if (low->reader.open)
    return TRUE;
  if (!assign_hardware (low, error))
    return FALSE;
  build_tree (low);
  if (low->reader.open)
    return TRUE;
  choose_prefetch (low);
  if (low->reader.open)
    return TRUE;
  place_barriers (low);
  if (low->reader.open)
    return TRUE;
  choose_interleave (low);
  find_zeroed (low);
  return TRUE;
}

BnbCgLowered *
bnb_cg_lower_open (const BnbChoiceNode *node, GError **error)
{
  g_autoptr (BnbCgLowered) low = g_new0 (BnbCgLowered, 1);
  low->leaf = node;
  low->reader = (BnbChoiceReader){ node, FALSE, { 0, 0 } };
  low->space = bnb_choice_node_space (node);
  low->kernel = bnb_choice_space_kernel (low->space);
  low->prefetch_loop = g_new (guint, low->kernel->insts->len);
  low->interleave = g_new0 (guint64, low->kernel->insts->len);
  low->doubled = g_new0 (gboolean, low->kernel->insts->len);
  for (guint i = 0; i < low->kernel->insts->len; i++)
    low->prefetch_loop[i] = BNB_CG_NONE;
  if (!lower_steps (low, error))
    return NULL;
  return g_steal_pointer (&low);
}

BnbCgLowered *
bnb_cg_lower (const BnbChoiceNode *leaf, GError **error)
{
  if (!bnb_choice_node_is_leaf (leaf))
    {
      g_set_error (error, BNB_CODEGEN_ERROR, BNB_CODEGEN_ERROR_NOT_LEAF,
                   "code is generated for fully specified candidates only");
      return NULL;
    }
  return bnb_cg_lower_open (leaf, error);
}

void
bnb_cg_lowered_free (BnbCgLowered *low)
{
  if (!low)
    return;
  node_free (low->root);
  g_free (low->classes);
  g_free (low->dim_class);
  g_free (low->inst_node);
  g_free (low->prefetch_loop);
  g_free (low->doubled);
  g_free (low->interleave);
  g_free (low);
}
