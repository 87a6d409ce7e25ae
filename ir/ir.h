/* The kernel IR: parameters, scalars, arrays, logical dimensions and their
 * tiling levels, concrete iteration dimensions, instructions, values and the
 * point-to-point communications between dimensions that the values imply.
 *
 * A kernel is parsed from the `.ir` text format (docs/ir.md), checked, and
 * then bound to problem sizes (`--size M=1024,...`).  After parsing the
 * structure is read-only: the search never changes a kernel, it only narrows
 * the choices that `choices/` keeps beside it.  The structures below are
 * public so that choices/, model/, codegen/ and the interpreter can walk them
 * without a getter per field; nothing outside ir/ writes to them.
 *
 *   logical dim m (size M)  --tile T1-->  levels m.0 (M/(T1*T2)), m.1 (T1),
 *                           --tile T2-->  m.2 (T2)
 *   concrete dim = one loop of the program: (logical dim, level, owner)
 *     `loop m.0 { ... }`  makes one concrete dim shared by the block;
 *     `... over m.1`      makes a fresh copy of m.1 for one instruction.
 *   communication v[dp -> dc]: value v produced in concrete dim dp is
 *     consumed at the same index of dc, a copy of the same level.
 */
#ifndef BNB_IR_H
#define BNB_IR_H

#include <glib.h>

#define BNB_GIVE
#define BNB_TAKE
#define BNB_KEEP

/* The tool's version (`bnbtune --version`).  Journals are keyed on it: a
 * journal written by another version answers nothing (docs/harness.md),
 * so raise it when what a measurement means changes (inputs, timing,
 * checks) even if the generated code does not. */
#define BNB_VERSION "0.22"

#define BNB_IR_MAX_TERMS 8
#define BNB_IR_MAX_RANK 4
#define BNB_IR_MAX_INST_DIMS 16
#define BNB_IR_MAX_OPERANDS 3
#define BNB_IR_MAX_TILE_SIZES 16
#define BNB_IR_MAX_LEVELS 4
#define BNB_IR_NONE G_MAXUINT

#define BNB_IR_ERROR (bnb_ir_error_quark ())
GQuark bnb_ir_error_quark (void);

typedef enum {
  BNB_IR_ERROR_SYNTAX,   /* the text does not follow the grammar */
  BNB_IR_ERROR_SEMANTIC, /* it parses but does not make sense */
  BNB_IR_ERROR_SIZE,     /* a size binding is missing, unknown or impossible */
  BNB_IR_ERROR_IO,
} BnbIrError;

/* Where a construct starts in its file, for messages. */
typedef struct {
  guint line;
  guint column;
} BnbIrLoc;

typedef enum {
  BNB_IR_F32,
  BNB_IR_F64,
} BnbIrType;

/* What a term of an affine expression refers to. */
typedef enum {
  BNB_IR_VAR_PARAM,   /* a problem size */
  BNB_IR_VAR_LOGICAL, /* a logical dimension's index (array subscripts) */
} BnbIrVarKind;

typedef struct {
  BnbIrVarKind kind;
  guint index;
  gint64 coef;
} BnbIrTerm;

/* constant + sum of coef * var. */
typedef struct {
  gint64 constant;
  guint n_terms;
  BnbIrTerm terms[BNB_IR_MAX_TERMS];
} BnbIrAffine;

typedef struct {
  char *name;
  gboolean has_default;
  gint64 default_value;
  BnbIrLoc loc;
} BnbIrParam;

typedef struct {
  char *name;
  BnbIrType type;
  BnbIrLoc loc;
} BnbIrScalar;

typedef enum {
  BNB_IR_IN = 1,
  BNB_IR_OUT = 2,
  BNB_IR_INOUT = 3,
} BnbIrMode;

/* Row-major; the last subscript is contiguous in memory. */
typedef struct {
  char *name;
  BnbIrType type;
  BnbIrMode mode;
  guint rank;
  BnbIrAffine extent[BNB_IR_MAX_RANK]; /* affine in parameters only */
  BnbIrLoc loc;
} BnbIrArray;

/* A list of tile sizes that one or more tiling levels draw from.  Levels
 * naming the same tile variable always have the same size (the paper ties
 * m', n' and k' that way); an anonymous list makes a variable of its own.
 * The tile size is a decision of choices/ over `sizes`. */
typedef struct {
  char *name; /* "m.1" for an anonymous list */
  guint n_sizes;
  guint32 sizes[BNB_IR_MAX_TILE_SIZES]; /* increasing, distinct, >= 1 */
  BnbIrLoc loc;
} BnbIrTileVar;

/* A logical dimension strip-mined into n_levels levels: level 0 iterates
 * over the outermost tiles, ceil(size / product of tile sizes) times; level
 * l >= 1 has the size of tile variable tile_var[l]. */
typedef struct {
  char *name;
  BnbIrAffine size; /* affine in parameters */
  guint n_levels;
  guint tile_var[BNB_IR_MAX_LEVELS]; /* [0] unused (BNB_IR_NONE) */
  BnbIrLoc loc;
} BnbIrLogical;

/* One loop of the program.  owner is the instruction of an `over` copy, or
 * BNB_IR_NONE for a dimension shared by a `loop` block. */
typedef struct {
  char *name; /* "m.0", or "m.1@acc" for a copy owned by instruction acc */
  guint logical;
  guint level;
  guint owner;
  guint n_insts; /* instructions nested in it by the text */
  BnbIrLoc loc;
} BnbIrDim;

typedef enum {
  BNB_IR_OP_LOAD,  /* v = load A[...] */
  BNB_IR_OP_STORE, /* store A[...], x */
  BNB_IR_OP_MOV,
  BNB_IR_OP_NEG,
  BNB_IR_OP_ADD,
  BNB_IR_OP_SUB,
  BNB_IR_OP_MUL,
  BNB_IR_OP_DIV,
  BNB_IR_OP_MIN,
  BNB_IR_OP_MAX,
  BNB_IR_OP_FMA, /* v = fma a, b, c  is  a * b + c */
  BNB_IR_OP_COUNT,
} BnbIrOp;

typedef enum {
  BNB_IR_OPERAND_VALUE,  /* index into kernel->values */
  BNB_IR_OPERAND_SCALAR, /* index into kernel->scalars */
  BNB_IR_OPERAND_CONST,  /* the literal `constant` */
} BnbIrOperandKind;

typedef struct {
  BnbIrOperandKind kind;
  guint index;
  double constant;
  BnbIrLoc loc;
} BnbIrOperand;

/* An instruction nested in dims[0..n_dims-1], outermost first as written:
 * the enclosing `loop` dims, then its own `over` copies.  `value` is the
 * value it defines or, for an update (`acc = fma a, b, acc`), the value it
 * updates in place; stores define none.  An update's reduction dims are the
 * dims it iterates that the updated value does not vary along. */
typedef struct {
  char *name;
  BnbIrOp op;
  guint value;     /* BNB_IR_NONE for stores */
  gboolean update; /* assigns a value defined earlier: a reduction */
  guint array;     /* loads and stores, else BNB_IR_NONE */
  BnbIrAffine index[BNB_IR_MAX_RANK]; /* affine in logical dims and params */
  guint n_operands;
  BnbIrOperand operands[BNB_IR_MAX_OPERANDS];
  guint n_dims;
  guint dims[BNB_IR_MAX_INST_DIMS];
  guint n_reduction_dims;
  guint reduction_dims[BNB_IR_MAX_INST_DIMS];
  BnbIrLoc loc;
  BnbIrLoc index_loc[BNB_IR_MAX_RANK]; /* where each subscript starts */
  /* A load written with `prefetch`: the space may fetch the next step's
   * elements into registers before this step's are used (pad's sibling:
   * the choice prefetch(v), docs/space.md). */
  gboolean prefetch;
  /* A load written with `interleave`: the space may give the work-items'
   * levels of each of its dims the innermost weights (interleave(v)). */
  gboolean interleave;
  /* A store written with `split`: the space may split the reduction that
   * produced its value across work-groups, each adding its partial sum
   * to the array, which the host zeroes first (docs/ir.md, section 5.5). */
  gboolean split;
} BnbIrInst;

/* A value is defined by one instruction over that instruction's dims and
 * may be updated by later ones.  Its element type is the type of what
 * produced it (the array loaded, or f32 unless an operand is f64). */
typedef struct {
  char *name;
  BnbIrType type;
  guint producer;
  BnbIrLoc loc;
} BnbIrValue;

/* A point-to-point communication: instruction `consumer` reads value
 * `value` that `producer` wrote (the definition, or the last update before
 * it).  For each dim of the producer that the consumer does not share,
 * pairs[k] = {producer's dim, consumer's copy of the same level}. */
typedef struct {
  guint value;
  guint producer;
  guint consumer;
  guint n_pairs;
  guint pairs[BNB_IR_MAX_INST_DIMS][2];
} BnbIrComm;

/* Items of the program the scheduling order relates: dims come first,
 * then instructions (item = n_dims + inst). */
typedef struct {
  char *name;
  char *path; /* the file it was parsed from, for messages */

  GPtrArray *params;    /* BnbIrParam* */
  GPtrArray *scalars;   /* BnbIrScalar* */
  GPtrArray *arrays;    /* BnbIrArray* */
  GPtrArray *tile_vars; /* BnbIrTileVar* */
  GPtrArray *logicals;  /* BnbIrLogical* */
  GPtrArray *dims;      /* BnbIrDim* */
  GPtrArray *insts;     /* BnbIrInst*, in text order */
  GPtrArray *values;    /* BnbIrValue* */
  GArray *comms;        /* BnbIrComm */

  /* The text order as a tree (loop blocks, one node per dim, and
   * instructions), which the interpreter walks. */
  GPtrArray *body; /* BnbIrNode* */

  /* Sizes bound by bnb_ir_kernel_bind; zero before. */
  gboolean bound;
  gint64 *param_values;
} BnbIrKernel;

/* A `loop` block (dim != NONE, children) or an instruction (inst). */
typedef struct BnbIrNode {
  guint dim;
  guint inst;
  GPtrArray *children; /* BnbIrNode*, NULL for instructions */
} BnbIrNode;

BNB_GIVE BnbIrKernel *bnb_ir_kernel_parse_file (const char *path,
                                                GError **error)
    G_GNUC_WARN_UNUSED_RESULT;
/* The same, and the file's text in *text (NUL-terminated, the caller's)
 * when it parses: for a caller that hands the text on (the harness sends
 * it to its workers). */
BNB_GIVE BnbIrKernel *bnb_ir_kernel_parse_file_text (const char *path,
                                                     BNB_GIVE char **text,
                                                     GError **error)
    G_GNUC_WARN_UNUSED_RESULT;
/* `path` names the text in messages; `text` need not be NUL-terminated. */
BNB_GIVE BnbIrKernel *bnb_ir_kernel_parse_string (const char *path,
                                                  const char *text,
                                                  gsize length,
                                                  GError **error)
    G_GNUC_WARN_UNUSED_RESULT;
void bnb_ir_kernel_free (BNB_TAKE BnbIrKernel *kernel);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbIrKernel, bnb_ir_kernel_free)

/* Binds every parameter: from `sizes` ("M=1024,N=512", NULL or "" for
 * none), else from its default.  Fails, saying which, when a parameter has
 * no value, a name is unknown, a size is not positive, or an access falls
 * outside its array for these sizes.  May be called again to rebind. */
gboolean bnb_ir_kernel_bind (BnbIrKernel *kernel, const char *sizes,
                             GError **error);

gint64 bnb_ir_affine_eval (const BnbIrKernel *kernel,
                           const BnbIrAffine *affine,
                           const gint64 *logical_index);
/* Size of a logical dim once bound. */
gint64 bnb_ir_logical_size (const BnbIrKernel *kernel, guint logical);

static inline guint
bnb_ir_n_items (const BnbIrKernel *kernel)
{
  return kernel->dims->len + kernel->insts->len;
}

#define bnb_ir_param(k, i) ((BnbIrParam *)g_ptr_array_index ((k)->params, i))
#define bnb_ir_scalar(k, i) \
  ((BnbIrScalar *)g_ptr_array_index ((k)->scalars, i))
#define bnb_ir_array(k, i) ((BnbIrArray *)g_ptr_array_index ((k)->arrays, i))
#define bnb_ir_tile_var(k, i) \
  ((BnbIrTileVar *)g_ptr_array_index ((k)->tile_vars, i))
#define bnb_ir_logical(k, i) \
  ((BnbIrLogical *)g_ptr_array_index ((k)->logicals, i))
#define bnb_ir_dim(k, i) ((BnbIrDim *)g_ptr_array_index ((k)->dims, i))
#define bnb_ir_inst(k, i) ((BnbIrInst *)g_ptr_array_index ((k)->insts, i))
#define bnb_ir_value(k, i) ((BnbIrValue *)g_ptr_array_index ((k)->values, i))
#define bnb_ir_comm(k, i) (&g_array_index ((k)->comms, BnbIrComm, i))

const char *bnb_ir_op_name (BnbIrOp op);
gboolean bnb_ir_inst_has_dim (const BnbIrInst *inst, guint dim);
/* The dim of `inst` at `level` of logical dim `logical`, or BNB_IR_NONE. */
guint bnb_ir_inst_dim_at (const BnbIrKernel *kernel, const BnbIrInst *inst,
                          guint logical, guint level);

/* The reference interpreter: runs the kernel in double precision, in the
 * order of its text, on `inputs` (one buffer per array, in declaration
 * order, of bnb_ir_array_elements doubles; out-only arrays are written,
 * inout arrays updated; scalars in `scalars`).  Tiling does not change the
 * result: the interpreter computes what every tile size at 1 computes, to
 * the bit (it runs dims whose iterations are independent in tiles). */
gboolean bnb_ir_interpret (const BnbIrKernel *kernel, double **arrays,
                           const double *scalars, GError **error);
/* The same on at most `n_threads` threads, 0 for one per processor (what
 * bnb_ir_interpret uses): the result does not depend on it. */
gboolean bnb_ir_interpret_threads (const BnbIrKernel *kernel, double **arrays,
                                   const double *scalars, guint n_threads,
                                   GError **error);
gint64 bnb_ir_array_elements (const BnbIrKernel *kernel, guint array);

#endif
