/* The Jumble answer search's last slots in C (see puzzlewright/jumble/finish.py for what it does, and
 * puzzlewright/jumble/finish_numba.py for the same steps in numba, which it follows line for line).
 *
 * A slot's words are described by an int64 array `d` of addresses and sizes (finish.py's `words_view`,
 * and `last_view` for the last slot, which adds the look-up's fields): d[BOUNDS] its words' score bounds (double, best first), d[KEYS] the hash of the letters each needs
 * (int64), d[NEEDS] the letters each needs (int16, 26 a word), d[TABLE] a table by a hash's low bits
 * (int32: a group number, -1 where no word's hash has those bits, SHARED_CELL where several have), of
 * d[TABLE_SIZE] cells (a power of two), d[HASHES] the distinct hashes (int64, sorted), d[GROUPS] how many,
 * d[STARTS] where each group begins in d[PARTNERS] (int64, one more than the groups), d[PARTNERS] the rows
 * group by group, each group best first.
 *
 * Every score is a double summed in the order the Python search summed it (no -ffast-math, no fused
 * multiply-add: C_FLAGS say -std=c99, which keeps each sum rounded as written), so the same words pass. */

#include <stdint.h>

typedef int64_t i64;
typedef uint64_t u64;

enum { DONE = 0, NODE_LIMIT = 1, OUT_FULL = 2 };  /* puzzlewright.native's codes */
enum { BELOW_BAR = 3 };  /* the chunk's best pair cannot beat the bar: the slot's later chunks cannot either */
enum { BOUNDS = 0, KEYS = 1, NEEDS = 2, TABLE = 3, TABLE_SIZE = 4, HASHES = 5, GROUPS = 6, STARTS = 7,
       PARTNERS = 8 };  /* the fields of a slot's view */
enum { SHARED_CELL = -2, LETTERS = 26 };

typedef struct {
    const double *bounds;
    const i64 *keys;
    const int16_t *needs;
} Words;

typedef struct {
    const i64 *last;        /* the last slot's view */
    const Words *first, *second;
    const int16_t *counts;  /* the letters left for the last slots */
    double floor;
    i64 *out;               /* (first row, second row, last row) a candidate, -1 for a slot not there */
    double *out_bound;      /* each candidate's score bound */
    i64 capacity, found;
} Finish;

static Words words_of(const i64 *d) {
    Words w = {(const double *)(intptr_t)d[BOUNDS], (const i64 *)(intptr_t)d[KEYS],
               (const int16_t *)(intptr_t)d[NEEDS]};
    return w;
}

/* The group of the last slot's words whose needs hash to `key`, or -1 (as SlotWords.hash_rows finds it). */
static i64 group_of(const i64 *last, i64 key) {
    const int32_t *table = (const int32_t *)(intptr_t)last[TABLE];
    const i64 *hashes = (const i64 *)(intptr_t)last[HASHES];
    i64 n = last[GROUPS];
    i64 at = table[(u64)key & (u64)(last[TABLE_SIZE] - 1)];
    if (at == -1)
        return -1;
    if (at == SHARED_CELL) { /* the first hash not below key, as numpy's searchsorted, clipped to the last */
        i64 lo = 0, hi = n;
        while (lo < hi) {
            i64 mid = lo + (hi - lo) / 2;
            if (hashes[mid] < key)
                lo = mid + 1;
            else
                hi = mid;
        }
        at = lo < n ? lo : n - 1;
    }
    return hashes[at] == key ? at : -1;
}

/* The last slot's words that take exactly the letters a partial fill leaves (its rows r1, r2 in the first
 * and second slots, -1 where absent; `total` its score bound so far; `key` the hash of the letters left),
 * each with total + its bound, while that beats the floor: a group is best first, so the first that does
 * not ends it. */
static void complete(Finish *f, i64 key, double total, i64 r1, i64 r2) {
    const i64 *last = f->last;
    i64 g = group_of(last, key);
    if (g < 0)
        return;
    const double *bounds = (const double *)(intptr_t)last[BOUNDS];
    const int16_t *needs = (const int16_t *)(intptr_t)last[NEEDS];
    const i64 *starts = (const i64 *)(intptr_t)last[STARTS];
    const i64 *partners = (const i64 *)(intptr_t)last[PARTNERS];
    if (!(total + bounds[partners[starts[g]]] > f->floor))
        return; /* the group's best word cannot beat the bar */
    int left[LETTERS];
    for (int c = 0; c < LETTERS; c++) {
        left[c] = f->counts[c];
        if (r1 >= 0)
            left[c] -= f->first->needs[r1 * LETTERS + c];
        if (r2 >= 0)
            left[c] -= f->second->needs[r2 * LETTERS + c];
    }
    for (i64 p = starts[g]; p < starts[g + 1]; p++) {
        i64 row = partners[p];
        double bound = total + bounds[row];
        if (bound <= f->floor)
            break;
        int same = 1;
        for (int c = 0; c < LETTERS && same; c++)
            same = needs[row * LETTERS + c] == left[c];
        if (!same)
            continue;
        if (f->found < f->capacity) {
            f->out[3 * f->found] = r1;
            f->out[3 * f->found + 1] = r2;
            f->out[3 * f->found + 2] = row;
            f->out_bound[f->found] = bound;
        }
        f->found++;
    }
}

/* The pairs of the first two slots whose bounds can beat the floor, in the corner of the chunk where they
 * lie (both slots best first), row by row; returns how many (the nodes they cost), or -1 when even the
 * chunk's best pair cannot (BELOW_BAR). */
static i64 three(Finish *f, const i64 *rows1, i64 n1, const i64 *rows2, i64 n2, i64 key, double value,
                 double best_last) {
    const double *b1 = f->first->bounds, *b2 = f->second->bounds;
    double b20 = b2[rows2[0]];
    double best_rest = b20 + best_last;
    double slack = best_rest - b20;
    double floor = f->floor;
    if (value + b1[rows1[0]] + best_rest <= floor)
        return -1;
    i64 height = 0, width = 0, pairs = 0;
    double head0 = value + b1[rows1[0]];
    for (i64 i = 0; i < n1; i++)
        height += (value + b1[rows1[i]]) + b20 + slack > floor;
    for (i64 j = 0; j < n2; j++)
        width += head0 + b2[rows2[j]] + slack > floor;
    for (i64 i = 0; i < height; i++) {
        i64 r1 = rows1[i];
        double head = value + b1[r1];
        for (i64 j = 0; j < width; j++) {
            i64 r2 = rows2[j];
            double total = head + b2[r2];
            if (!(total + slack > floor))
                continue;
            pairs++;
            complete(f, key - (f->first->keys[r1] + f->second->keys[r2]), total, r1, r2);
        }
    }
    return pairs;
}

/* The first slot's words whose bound can beat the floor with the last slot's best; returns how many. */
static i64 two(Finish *f, const i64 *rows1, i64 n1, i64 key, double value, double best_last) {
    const double *b1 = f->first->bounds;
    i64 kept = 0;
    for (i64 i = 0; i < n1; i++) {
        double total = value + b1[rows1[i]];
        if (total + best_last > f->floor) {
            kept++;
            complete(f, key - f->first->keys[rows1[i]], total, rows1[i], -1);
        }
    }
    return kept;
}

/* The candidates for the last `prefix` + 1 open slots (prefix 0, 1 or 2: the slots before the last are
 * `first` and `second`, their fitting rows rows1 (a chunk of them for three slots) and rows2, best
 * first), `counts` the letters left (26 int16), `weights` count_hash's, `value` the score so far,
 * `best_row` the last slot's best fitting row. Writes at most `capacity` candidates to out and out_bound;
 * result = [why it returned (DONE, OUT_FULL when there were more than capacity: call again with more
 * room, BELOW_BAR), the nodes to spend, the candidates found]. */
void jumble_finish(i64 prefix, const i64 *first, const i64 *second, const i64 *last, const i64 *rows1, i64 n1,
                   const i64 *rows2, i64 n2, const int16_t *counts, const i64 *weights, double value, double floor,
                   i64 best_row, i64 *out, double *out_bound, i64 capacity, i64 *result) {
    Words w1 = prefix > 0 ? words_of(first) : words_of(last);
    Words w2 = prefix > 1 ? words_of(second) : words_of(last);
    Finish f = {last, &w1, &w2, counts, floor, out, out_bound, capacity, 0};
    double best_last = ((const double *)(intptr_t)last[BOUNDS])[best_row];
    i64 key = 0;
    for (int c = 0; c < LETTERS; c++)
        key += (i64)counts[c] * weights[c];
    i64 spent = 0;
    if (prefix == 2)
        spent = three(&f, rows1, n1, rows2, n2, key, value, best_last);
    else if (prefix == 1)
        spent = two(&f, rows1, n1, key, value, best_last);
    else
        complete(&f, key, value, -1, -1);
    result[0] = spent < 0 ? BELOW_BAR : f.found > capacity ? OUT_FULL : DONE;
    result[1] = spent < 0 ? 0 : spent;
    result[2] = f.found;
}

/* Which of a slot's words (all n, or the n rows listed in `rows` when it is not NULL, best first) fit in a
 * pool: their needs packed 4 bits a letter with a guard bit (answers.py's `packed`: letters a-p in `low`,
 * q-z in `high`), the pool packed with every guard bit set (`packed_pool`). A word fits when taking its
 * fields from the pool's leaves every guard bit set (answers.py's `fits_packed`). Writes the fitting rows
 * to `out`, in order; returns how many. */
i64 jumble_fitting(const u64 *low, const u64 *high, const i64 *rows, i64 n, u64 pool_low, u64 pool_high,
                   u64 guard_low, u64 guard_high, i64 *out) {
    i64 kept = 0;
    for (i64 i = 0; i < n; i++) {
        i64 row = rows ? rows[i] : i;
        if (((pool_low - low[row]) & guard_low) == guard_low && ((pool_high - high[row]) & guard_high) == guard_high)
            out[kept++] = row;
    }
    return kept;
}

/* One level of the search above the last three slots, from its `start`-th row (`rows`, n of them, best
 * first; `bounds`, `low` and `high` the slot's score bounds and packed needs): each word's bound with the
 * deeper slots' best (`rest`) must beat the floor, else the level is done; it costs a node (more than
 * `nodes_left`: the budget has run out); the letters it leaves (the pool less its needs, packed) narrow
 * each deeper slot's rows to those that fit, and a word that leaves one of them none, or whose bound with
 * their best cannot beat the floor, is passed over. The first word that passes is the row to descend into.
 *
 * `deeper` holds DEEPER_FIELDS fields a deeper slot (its packed needs, score bounds, fitting rows and how
 * many, and where its narrowed rows go). result = [why it returned (DONE: the level is done; NODE_LIMIT;
 * OUT_FULL: a row to descend into, its deeper slots' rows in their outputs), that row's position, the nodes
 * spent, then how many rows each deeper slot kept]. */
enum { D_LOW = 0, D_HIGH = 1, D_BOUNDS = 2, D_ROWS = 3, D_COUNT = 4, D_OUT = 5, DEEPER_FIELDS = 6 };

void jumble_level(const i64 *rows, i64 n, i64 start, const double *bounds, const u64 *low, const u64 *high,
                  u64 pool_low, u64 pool_high, u64 guard_low, u64 guard_high, double value, double rest,
                  double floor, i64 nodes_left, i64 n_deeper, const i64 *deeper, i64 *result) {
    i64 spent = 0, why = DONE, p = start;
    for (; p < n; p++) {
        i64 row = rows[p];
        double total = value + bounds[row];
        if (total + rest <= floor)
            break;
        if (++spent > nodes_left) {
            why = NODE_LIMIT;
            break;
        }
        u64 left_low = pool_low - low[row], left_high = pool_high - high[row];
        int empty = 0;
        for (i64 j = 0; j < n_deeper && !empty; j++) {
            const i64 *d = deeper + j * DEEPER_FIELDS;
            i64 kept = jumble_fitting((const u64 *)(intptr_t)d[D_LOW], (const u64 *)(intptr_t)d[D_HIGH],
                                      (const i64 *)(intptr_t)d[D_ROWS], d[D_COUNT], left_low, left_high, guard_low,
                                      guard_high, (i64 *)(intptr_t)d[D_OUT]);
            result[3 + j] = kept;
            empty = kept == 0;
        }
        if (empty)
            continue;
        double best = 0.0;
        for (i64 j = 0; j < n_deeper; j++) {
            const i64 *d = deeper + j * DEEPER_FIELDS;
            best += ((const double *)(intptr_t)d[D_BOUNDS])[((const i64 *)(intptr_t)d[D_OUT])[0]];
        }
        if (total + best > floor) {
            why = OUT_FULL;
            break;
        }
    }
    result[0] = why;
    result[1] = p;
    result[2] = spent;
}
