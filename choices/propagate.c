/* Propagation: narrows domains until every constraint has generalized arc
 * consistency, with a worklist of constraints whose choices changed.  The
 * small constraints are revised by enumerating the product of their
 * domains (a few hundred tuples at most); triangles and INST_IN have
 * revisers of their own.  When the worklist is empty, the global
 * constraints (work-group size, thread-dim labels, work-group dim count,
 * local memory) are bounded, and a leaf is checked in full. */
#include "choices/choices-private.h"

#include <string.h>

/* Per-thread scratch: the worklist and its membership flags. */
typedef struct {
  guint capacity;
  guint *queue;
  guint8 *queued;
  guint changed_capacity;
  guint *changed;
} Scratch;

static void
scratch_free (gpointer data)
{
  Scratch *sc = data;
  g_free (sc->queue);
  g_free (sc->queued);
  g_free (sc->changed);
  g_free (sc);
}

/* Freed when its thread ends (a search's worker threads come and go). */
static GPrivate scratch_key = G_PRIVATE_INIT (scratch_free);

static Scratch *
scratch_get (guint n_cons, guint n_choices)
{
  Scratch *sc = g_private_get (&scratch_key);
  if (sc == NULL)
    {
      sc = g_new0 (Scratch, 1);
      g_private_set (&scratch_key, sc);
    }
  if (sc->capacity < n_cons)
    {
      sc->capacity = MAX (n_cons, 2 * sc->capacity);
      sc->queue = g_renew (guint, sc->queue, sc->capacity);
      sc->queued = g_renew (guint8, sc->queued, sc->capacity);
      memset (sc->queued, 0, sc->capacity);
    }
  if (sc->changed_capacity < 4 * n_choices)
    {
      sc->changed_capacity = 4 * n_choices;
      sc->changed = g_renew (guint, sc->changed, sc->changed_capacity);
    }
  return sc;
}

typedef struct {
  BnbChoiceNode *node;
  Scratch *sc;
  guint n_cons, head, count;
  guint current;
} Work;

static void
work_push (Work *w, guint con)
{
  if (w->sc->queued[con])
    return;
  w->sc->queued[con] = 1;
  w->sc->queue[(w->head + w->count) % w->n_cons] = con;
  w->count++;
}

static guint
work_pop (Work *w)
{
  guint con = w->sc->queue[w->head];
  w->head = (w->head + 1) % w->n_cons;
  w->count--;
  w->sc->queued[con] = 0;
  return con;
}

static void
work_clear (Work *w)
{
  while (w->count)
    work_pop (w);
}

/* Narrows a domain; FALSE if it becomes empty. */
static gboolean
narrow (Work *w, guint choice, BnbDomain dom)
{
  const BnbChoiceSpace *s = w->node->space;
  BnbDomain old = w->node->dom[choice];
  if ((old & dom) == old)
    return TRUE;
  w->node->dom[choice] = old & dom;
  if (!(old & dom))
    return FALSE;
  for (guint i = s->watch_start[choice]; i < s->watch_start[choice + 1]; i++)
    if (s->watch[i] != w->current)
      work_push (w, s->watch[i]);
  return TRUE;
}

static gboolean
revise_triangle (Work *w, const BnbCon *c)
{
  const BnbDomain *dom = w->node->dom;
  BnbDomain d1 = dom[c->scope[0]], d2 = dom[c->scope[1]];
  BnbDomain d3 = dom[c->scope[2]], n1 = 0, n2 = 0, n3 = 0;
  for (BnbDomain a = d1; a; a &= a - 1)
    for (BnbDomain b = d2; b; b &= b - 1)
      {
        guint r1 = bnb_dom_first (a), r2 = bnb_dom_first (b);
        BnbDomain t = bnb_triangle_table[r1][r2] & d3;
        if (t)
          {
            n1 |= 1u << r1;
            n2 |= 1u << r2;
            n3 |= t;
            if (n1 == d1 && n2 == d2 && n3 == d3)
              return TRUE; /* every value has a support */
          }
      }
  return narrow (w, c->scope[0], n1) && narrow (w, c->scope[1], n2)
         && narrow (w, c->scope[2], n3);
}

static gboolean
revise_inst_in (Work *w, const BnbCon *c)
{
  const BnbChoiceSpace *s = w->node->space;
  const BnbIrInst *inst = bnb_ir_inst (s->kernel, c->arg[0] - s->n_dims);
  guint d = c->arg[1], last = BNB_NONE, n_fusable = 0;
  BnbDomain in = 1u << BNB_ORDER_OUTSIDE, d0 = w->node->dom[c->scope[0]];
  if (!(d0 & in))
    return TRUE;
  for (guint k = 0; k < inst->n_dims; k++)
    {
      guint ch = s->order_index[d * s->n_items + inst->dims[k]];
      if (bnb_dom_has (w->node->dom[ch], BNB_ORDER_FUSED))
        {
          n_fusable++;
          last = ch;
        }
    }
  if (n_fusable == 0)
    return narrow (w, c->scope[0], (BnbDomain)~in);
  if (d0 == in && n_fusable == 1)
    return narrow (w, last, 1u << BNB_ORDER_FUSED);
  return TRUE;
}

/* Enumerates the product of the scope's domains; keeps the values that
 * appear in some tuple the predicate accepts. */
static gboolean
revise_generic (Work *w, const BnbCon *c)
{
  const BnbChoiceSpace *s = w->node->space;
  BnbDomain dom[BNB_CON_MAX_SCOPE], rest[BNB_CON_MAX_SCOPE];
  BnbDomain keep[BNB_CON_MAX_SCOPE] = { 0 };
  guint v[BNB_CON_MAX_SCOPE], n = c->n_scope, full = 0;
  for (guint i = 0; i < n; i++)
    {
      dom[i] = rest[i] = w->node->dom[c->scope[i]];
      v[i] = bnb_dom_first (dom[i]);
    }
  for (;;)
    {
      if (bnb_con_predicate (s, c, v))
        {
          for (guint i = 0; i < n; i++)
            if (!(keep[i] & (1u << v[i])))
              {
                keep[i] |= 1u << v[i];
                full += keep[i] == dom[i];
              }
          if (full == n)
            return TRUE; /* every value has a support: nothing narrows */
        }
      guint i = 0;
      for (; i < n; i++)
        {
          rest[i] &= rest[i] - 1;
          if (rest[i])
            {
              v[i] = bnb_dom_first (rest[i]);
              break;
            }
          rest[i] = dom[i];
          v[i] = bnb_dom_first (dom[i]);
        }
      if (i == n)
        break;
    }
  for (guint i = 0; i < n; i++)
    if (!narrow (w, c->scope[i], keep[i]))
      return FALSE;
  return TRUE;
}

static gboolean
revise (Work *w, guint con)
{
  const BnbCon *c = &g_array_index (w->node->space->cons, BnbCon, con);
  w->current = con;
  switch (c->type)
    {
    case BNB_CON_TRIANGLE:
      return revise_triangle (w, c);
    case BNB_CON_INST_IN:
      return revise_inst_in (w, c);
    default:
      return revise_generic (w, c);
    }
}

static gboolean
drain (Work *w)
{
  while (w->count)
    if (!revise (w, work_pop (w)))
      {
        work_clear (w);
        return FALSE;
      }
  return TRUE;
}

static BnbChoiceStatus
run (Work *w)
{
  guint *changed = w->sc->changed, n_changed;
  for (;;)
    {
      if (!drain (w))
        return BNB_CHOICE_DEAD;
      if (bnb_choice_node_is_leaf (w->node))
        return bnb_node_global_ok (w->node, NULL) ? BNB_CHOICE_ALIVE
                                                  : BNB_CHOICE_DEAD;
      if (bnb_node_global_propagate (w->node, changed, &n_changed)
          == BNB_CHOICE_DEAD)
        return BNB_CHOICE_DEAD;
      if (n_changed == 0)
        return BNB_CHOICE_ALIVE;
      w->current = BNB_NONE;
      for (guint i = 0; i < n_changed; i++)
        {
          const BnbChoiceSpace *s = w->node->space;
          guint ch = changed[i];
          for (guint k = s->watch_start[ch]; k < s->watch_start[ch + 1]; k++)
            work_push (w, s->watch[k]);
        }
    }
}

static void
work_init (Work *w, BnbChoiceNode *node)
{
  w->node = node;
  w->n_cons = node->space->cons->len;
  w->sc = scratch_get (MAX (w->n_cons, 1), node->space->n_choices);
  w->head = w->count = 0;
  w->current = BNB_NONE;
}

BnbChoiceStatus
bnb_node_propagate_all (BnbChoiceNode *node)
{
  Work w;
  work_init (&w, node);
  for (guint c = 0; c < w.n_cons; c++)
    work_push (&w, c);
  return run (&w);
}

BnbChoiceStatus
bnb_choice_node_restrict (BnbChoiceNode *node, guint choice,
                          BnbDomain allowed)
{
  Work w;
  g_return_val_if_fail (choice < node->space->n_choices, BNB_CHOICE_DEAD);
  work_init (&w, node);
  if (!narrow (&w, choice, allowed))
    {
      work_clear (&w);
      return BNB_CHOICE_DEAD;
    }
  return run (&w);
}

BnbChoiceStatus
bnb_choice_node_shave_groups (BnbChoiceNode *node)
{
  const BnbChoiceSpace *s = node->space;
  const BnbDomain block = 1u << BNB_KIND_BLOCK;
  BnbChoiceNode *probe = NULL;
  BnbChoiceStatus status = BNB_CHOICE_ALIVE;
  for (guint d = 0; d < s->n_dims && status == BNB_CHOICE_ALIVE; d++)
    {
      guint ch = bnb_choice_kind_choice (s, d);
      BnbDomain dom = node->dom[ch];
      if (!(dom & block) || dom == block)
        continue;
      if (probe == NULL)
        probe = bnb_choice_node_copy (node);
      else
        bnb_choice_node_assign (probe, node);
      if (bnb_choice_node_restrict (probe, ch, block) == BNB_CHOICE_DEAD)
        status = bnb_choice_node_restrict (node, ch, dom & ~block);
    }
  if (probe)
    bnb_choice_node_free (probe);
  return status;
}

BnbChoiceStatus
bnb_choice_node_branch (BnbChoiceNode *node, guint choice, BnbDomain allowed)
{
  BnbChoiceStatus status = bnb_choice_node_restrict (node, choice, allowed);
  if (status == BNB_CHOICE_ALIVE
      && bnb_choice_type (node->space, choice) == BNB_CHOICE_TILE)
    status = bnb_choice_node_shave_groups (node);
  return status;
}
