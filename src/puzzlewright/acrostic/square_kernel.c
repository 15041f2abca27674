/* The square kernel in C: the same search as puzzlewright/acrostic/kernel_numba.py (see kernel.py for
 * what it does), compiled once per machine into the cache folder and loaded with ctypes, so a process
 * pays neither numba's import nor its cache load (about 1.3 s) to count a handful of squares.
 *
 * Arrays are the ones SquareSearch owns (C order): child int32 [nodes x 26], mask uint32 [nodes],
 * word int32 [nodes], forced int64 [cells], letter_order int8 [cells x 26] (or none), state int64
 * [STATE_ROWS x width], frontier int64 [cells x frontier_cap], cursor int64 [3], out int32
 * [capacity x size]. The result (squares written, nodes expanded, why) goes to result int64 [3].
 */
#include <stddef.h>
#include <stdint.h>

enum { DONE = 0, NODE_LIMIT = 1, OUT_FULL = 2 };  /* puzzlewright.native's codes */
enum { RETURN = 0, ENTER = 1, RESUME = 2 };
#define COMPLETION_STEPS 64
#define MAX_SIZE 16

static inline int lowest(uint32_t bits) { return __builtin_ctz(bits); }

/* Whether the cell `below` can take a letter extending the column prefix `node`. */
static inline int column_can_continue(int64_t node, int64_t below, const int64_t *forced, const uint32_t *mask,
                                      uint32_t in_pool) {
    if (forced[below] >= 0) return (mask[node] >> forced[below]) & 1u;
    return (mask[node] & in_pool) != 0;
}

/* Give back to the pool the letters of the first `depth` free cells of a completion path. */
static void give_back(int64_t depth, int64_t below, int64_t size, const int64_t *forced, int64_t *remaining,
                      const int64_t *path) {
    for (int64_t d = 0; d < depth; d++)
        if (forced[below + d * size] < 0) remaining[path[2 * size + d]] += 1;
}

/* Whether the column prefix `node` can be completed down to the last row with the given letters of its
 * cells and the pool's remaining counts (a bounded depth-first search: "yes" after COMPLETION_STEPS). */
static int column_completable(int64_t node, int64_t below, int64_t size, const int32_t *child,
                              const uint32_t *mask, const int64_t *forced, int64_t *remaining, int64_t *path) {
    int64_t cells = size * size, depth = 0, steps = 0;
    path[0] = node;
    path[size] = 0;
    while (depth >= 0) {
        int64_t cell = below + depth * size;
        if (cell >= cells || ++steps > COMPLETION_STEPS) {
            give_back(depth, below, size, forced, remaining, path);
            return 1;
        }
        uint32_t options = mask[path[depth]] & ~(uint32_t)path[size + depth];
        if (forced[cell] >= 0) options &= 1u << forced[cell];
        int chosen = -1;
        while (options) {
            int letter = lowest(options);
            options &= options - 1u;
            path[size + depth] |= (int64_t)1 << letter;
            if (forced[cell] >= 0 || remaining[letter] > 0) {
                chosen = letter;
                break;
            }
        }
        if (chosen < 0) {
            depth -= 1;
            if (depth >= 0 && forced[below + depth * size] < 0) remaining[path[2 * size + depth]] += 1;
            continue;
        }
        if (forced[cell] < 0) remaining[chosen] -= 1;
        path[2 * size + depth] = chosen;
        path[depth + 1] = child[path[depth] * 26 + chosen];
        path[size + depth + 1] = 0;
        depth += 1;
    }
    return 0;
}

/* Lookahead for the row below: the set of its prefixes (cells 0..j) that every column placed so far in
 * this row allows; 0 when it is empty (no word can go below). */
static int row_below_alive(int64_t t, int64_t j, int64_t size, const int32_t *child, const uint32_t *mask,
                           const int64_t *forced, uint32_t in_pool, const int64_t *col_after, int64_t *frontier,
                           int64_t cap, int64_t *front_size) {
    int64_t below = t + size;
    uint32_t allowed = mask[col_after[t]];
    if (forced[below] >= 0) allowed &= 1u << forced[below];
    else allowed &= in_pool;
    int64_t nodes_before;
    if (j == 0) {
        nodes_before = 1;
    } else {
        nodes_before = front_size[t - 1];
        if (nodes_before < 0) {
            front_size[t] = -1;
            return 1;
        }
    }
    int64_t count = 0;
    int64_t *here = frontier + t * cap;
    const int64_t *before = frontier + (t - 1) * cap;
    for (int64_t i = 0; i < nodes_before; i++) {
        int64_t node = j == 0 ? 0 : before[i];
        uint32_t bits = mask[node] & allowed;
        while (bits) {
            int letter = lowest(bits);
            bits &= bits - 1u;
            if (count == cap) {
                front_size[t] = -1;
                return 1;
            }
            here[count++] = child[node * 26 + letter];
        }
    }
    front_size[t] = count;
    return count > 0;
}

void square_kernel(int64_t size, const int32_t *child, const uint32_t *mask, const int32_t *word,
                   const int64_t *forced, const int8_t *letter_order, int64_t shuffled, int64_t double_,
                   int64_t canonical, int64_t symmetric, int64_t constrained, int64_t *state, int64_t width,
                   int64_t *frontier, int64_t cap, int64_t *cursor, int32_t *out, int64_t capacity,
                   int64_t max_nodes, int64_t *result) {
    int64_t cells = size * size;
    int64_t *grid = state, *avail = state + width, *tried = state + 2 * width;
    int64_t *row_before = state + 3 * width, *row_after = state + 4 * width;
    int64_t *col_before = state + 5 * width, *col_after = state + 6 * width;
    int64_t *remaining = state + 7 * width, *ids = state + 8 * width, *tie = state + 9 * width;
    int64_t *front_size = state + 10 * width;
    int64_t path[3 * MAX_SIZE + 1];
    int64_t t = cursor[0], mode = cursor[1];
    uint32_t in_pool = (uint32_t)cursor[2];
    int64_t found = 0, nodes = 0;
    for (;;) {
        if (t < 0) {
            cursor[0] = t;
            result[0] = found, result[1] = nodes, result[2] = DONE;
            return;
        }
        int64_t k = t / size, j = t - k * size;
        if (mode == ENTER) {
            int64_t r = j == 0 ? 0 : row_after[t - 1];
            int64_t c = k == 0 ? 0 : col_after[t - size];
            row_before[t] = r;
            col_before[t] = c;
            uint32_t a = mask[r] & mask[c];
            if (forced[t] >= 0) a &= 1u << forced[t];
            else a &= in_pool;
            if (symmetric && j < k) a &= 1u << grid[j * size + k];
            if (canonical && j == 0 && k > 0 && tie[k - 1]) a &= ~((1u << grid[k]) - 1u);
            avail[t] = a;
            tried[t] = 0;
        } else if (mode == RETURN && forced[t] < 0) {  /* back at this cell: its letter returns to the pool */
            int64_t letter = grid[t];
            if (remaining[letter] == 0) in_pool |= 1u << letter;
            remaining[letter] += 1;
        }
        mode = RETURN;
        uint32_t a = (uint32_t)avail[t];
        if (a == 0) {
            t -= 1;
            continue;
        }
        if (nodes >= max_nodes || found >= capacity) {
            cursor[0] = t, cursor[1] = RESUME, cursor[2] = in_pool;
            result[0] = found, result[1] = nodes, result[2] = nodes >= max_nodes ? NODE_LIMIT : OUT_FULL;
            return;
        }
        int64_t letter;
        if (shuffled) {
            while (!((a >> letter_order[t * 26 + tried[t]]) & 1u)) tried[t] += 1;
            letter = letter_order[t * 26 + tried[t]];
            avail[t] = a & ~(1u << letter);
        } else {
            letter = lowest(a);
            avail[t] = a & (a - 1u);
        }
        grid[t] = letter;
        nodes += 1;
        if (forced[t] < 0) {
            remaining[letter] -= 1;
            if (remaining[letter] == 0) in_pool &= ~(1u << letter);
        }
        row_after[t] = child[row_before[t] * 26 + letter];
        col_after[t] = child[col_before[t] * 26 + letter];
        if (k < size - 1) {
            if (constrained && !column_can_continue(col_after[t], t + size, forced, mask, in_pool)) continue;
            if (!row_below_alive(t, j, size, child, mask, forced, in_pool, col_after, frontier, cap, front_size))
                continue;
        }
        if (constrained && j == size - 1 && k < size - 1) {  /* every column must be completable */
            int stuck = 0;
            for (int64_t q = 0; q < size && !stuck; q++)
                stuck = !column_completable(col_after[t - j + q], t - j + q + size, size, child, mask, forced,
                                            remaining, path);
            if (stuck) continue;
        }
        if (j == 0) tie[k] = k == 0 || (tie[k - 1] && letter == grid[k]);
        if (j == size - 1) {
            ids[k] = word[row_after[t]];
            if (double_) {
                int repeated = 0;
                for (int64_t q = 0; q < k; q++) repeated |= ids[q] == ids[k];
                if (repeated) continue;
            }
        }
        if (t == cells - 1) {
            int ok = 1;
            for (int64_t q = 0; q < size; q++) ids[size + q] = word[col_after[(size - 1) * size + q]];
            if (double_)
                for (int64_t x = 0; x < 2 * size && ok; x++)
                    for (int64_t y = x + 1; y < 2 * size; y++)
                        if (ids[x] == ids[y]) ok = 0;
            if (ok && canonical)  /* the rows, read as one string, must not sort after the columns */
                for (int64_t p = 0; p < cells; p++) {
                    int64_t transposed = grid[(p % size) * size + p / size];
                    if (grid[p] != transposed) {
                        ok = grid[p] < transposed;
                        break;
                    }
                }
            if (ok) {
                for (int64_t q = 0; q < size; q++) out[found * size + q] = (int32_t)ids[q];
                found += 1;
            }
            continue;
        }
        t += 1;
        mode = ENTER;
    }
}

/* ---------------------------------------------------------------------------------------------------
 * The counting kernel: every square (plain, double, canonical) whose first row lies in a range of the
 * sorted words, row by row. A row is a whole word: rows 0..size-4 take their candidates from bitsets
 * (the words whose letter j each column's prefix allows: an AND of one precomputed bitset per column),
 * the last rows from a list built while the row above was placed: for every word tried in a row with
 * lookahead, the prefixes of the row below that the columns allow are extended letter by letter (a
 * "frontier" in the trie), so a word with no row below is dropped at once, with every later word that
 * shares the prefix at which the row below died; when the frontier reaches full length it *is* the list
 * of words that fit the row below. Words are tried in sorted order, so squares come out in the same order
 * as the cell-by-cell search.
 *
 * Tables (built by count_tables from the trie of square_kernel: node 0 = root, nodes numbered depth by
 * depth, the children of a node consecutive in letter order, so the full-length nodes are the last n, in
 * word order): letters uint8 [n x size], nodes uint64 (per node: its 26-bit mask of children, and its
 * first child above bit 32, child(node, l) = first + rank of l in mask: one load for both), bits uint64
 * [size x 26 x blocks] (words with letter l at j), allowed uint64 [shallow x size x blocks] (words whose
 * letter j is in mask[node], for the `shallow` nodes of depth <= 2), skip int32 [size x n] (the first
 * word after w whose first j+1 letters differ).
 *
 * The search is compiled twice on x86 (square_count picks one at run time): once for any x86 CPU and once
 * with the POPCNT instruction, which the child lookups above spend their time on (about 1.2x faster).
 * -------------------------------------------------------------------------------------------------- */

#define FRONT_CAP 256  /* prefixes tracked per frontier position; beyond this the lookahead stays silent */

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define POPCNT_BUILD 1
#endif
/* The search's helpers are inlined into each build of it (the POPCNT one compiles them with POPCNT). */
#if defined(__GNUC__)
#define INLINE static inline __attribute__((always_inline))
#else
#define INLINE static inline
#endif

typedef struct {
    int64_t size, n, blocks, shallow;
    const uint8_t *letters;
    const uint64_t *nodes;
    int32_t leaf_base;  /* the node of word 0: word w is node leaf_base + w */
    const int32_t *skip;
    const uint64_t *bits, *allowed;
} CountTables;

/* The search state, all int32 in one array (so Python can snapshot it) plus one bitset per row. */
typedef struct {
    int32_t *level, *started, *pos, *from_list, *prev, *fvalid, *col, *grid, *ids, *tie, *nfront, *front;
} CountState;

/* The number of set bits (portable: __builtin_popcount is a library call without -mpopcnt). */
INLINE int bit_count(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
}

INLINE uint32_t node_mask(const CountTables *t, int32_t node) { return (uint32_t)t->nodes[node]; }

INLINE int32_t trie_child(const CountTables *t, int32_t node, int letter) {
    uint64_t info = t->nodes[node];
    return (int32_t)(info >> 32) + bit_count((uint32_t)info & ((1u << letter) - 1u));
}

int64_t count_state_words(int64_t size) {
    return 2 + 5 * size + size * (size + 1) + size * size + 2 * size + size * size + size * size * FRONT_CAP;
}

static CountState count_state(int32_t *s, int64_t size) {
    CountState c;
    c.level = s; s += 1;
    c.started = s; s += 1;
    c.pos = s; s += size;
    c.from_list = s; s += size;
    c.prev = s; s += size;
    c.fvalid = s; s += size;
    c.tie = s; s += size;
    c.col = s; s += size * (size + 1);   /* col[j * (size + 1) + k]: column j's prefix node after k rows */
    c.grid = s; s += size * size;
    c.ids = s; s += 2 * size;
    c.nfront = s; s += size * size;       /* nfront[k * size + j]: prefixes of row k+1 after position j */
    c.front = s;                          /* front[(k * size + j) * FRONT_CAP + i] */
    return c;
}

/* The words whose letter j is one of `letters` (an OR of the per-letter bitsets), blocks b0..b1 of `into`. */
INLINE void words_with_letters(const CountTables *t, int64_t j, uint32_t letters, uint64_t *into, int64_t b0,
                               int64_t b1) {
    for (int64_t i = b0; i <= b1; i++) into[i] = 0;
    while (letters) {
        const uint64_t *b = t->bits + (j * 26 + __builtin_ctz(letters)) * t->blocks;
        letters &= letters - 1u;
        for (int64_t i = b0; i <= b1; i++) into[i] |= b[i];
    }
}

/* The words of row k that every column allows: an AND over the columns of the words whose letter j
 * extends column j's prefix (precomputed for shallow prefixes, else built in the spare bitset). Only the
 * blocks holding words that start with a letter the first column allows (`first_letters`) are combined,
 * the rest are zero: the words are sorted, so each first letter is one run of them (from `start`). */
INLINE void row_candidates(const CountTables *t, const CountState *c, int64_t k, uint32_t first_letters,
                           const int32_t *start, uint64_t *cand) {
    int64_t size = t->size, blocks = t->blocks;
    uint64_t *spare = cand + blocks;
    const uint64_t *shallow[MAX_SIZE];
    int64_t deep[MAX_SIZE], shallow_count = 0, deep_count = 0;
    for (int64_t j = 0; j < size; j++) {
        int32_t node = c->col[j * (size + 1) + k];
        if (node < t->shallow) shallow[shallow_count++] = t->allowed + ((int64_t)node * size + j) * blocks;
        else deep[deep_count++] = j;
    }
    for (int64_t i = 0; i < blocks; i++) cand[i] = 0;
    uint32_t letters = first_letters & node_mask(t, c->col[k]);
    while (letters) {  /* one run of consecutive first letters at a time */
        int low = __builtin_ctz(letters);
        uint32_t run = letters >> low;
        int high = low + __builtin_ctz(~run) - 1;
        letters &= high >= 25 ? 0u : ~((2u << high) - 1u);
        int64_t lo = start[low], hi = start[high + 1];
        if (lo >= hi) continue;
        int64_t b0 = lo >> 6, b1 = (hi - 1) >> 6;
        for (int64_t i = b0; i <= b1; i++) {
            uint64_t v = ~(uint64_t)0;
            for (int64_t q = 0; q < shallow_count; q++) v &= shallow[q][i];
            cand[i] = v;
        }
        for (int64_t q = 0; q < deep_count; q++) {
            int64_t j = deep[q];
            words_with_letters(t, j, node_mask(t, c->col[j * (size + 1) + k]), spare, b0, b1);
            for (int64_t i = b0; i <= b1; i++) cand[i] &= spare[i];
        }
    }
}

/* Where the words starting with each letter begin in the sorted words (start[26] = n). */
static void first_letter_starts(const CountTables *t, int32_t *start) {
    int64_t w = 0;
    for (int letter = 0; letter <= 26; letter++) {
        int64_t lo = w, hi = t->n;  /* the first word at or after w whose first letter is >= letter */
        while (lo < hi) {
            int64_t mid = (lo + hi) / 2;
            if (t->letters[mid * t->size] < letter) lo = mid + 1;
            else hi = mid;
        }
        start[letter] = (int32_t)(w = lo);
    }
}

/* Where word w (of the sorted, distinct words) first differs from word w - 1 (0 for the first word). */
static int64_t first_difference(int64_t size, const uint8_t *letters, int64_t w) {
    int64_t j = 0;
    if (w == 0) return 0;
    while (j < size && letters[w * size + j] == letters[(w - 1) * size + j]) j++;
    return j;
}

/* How many distinct prefixes of each length 1..size the sorted, distinct words have (the trie's nodes of
 * each depth), into levels[0..size-1]: the tables' sizes, so Python can allocate them. */
void count_trie_levels(int64_t size, int64_t n, const uint8_t *letters, int64_t *levels) {
    for (int64_t d = 0; d < size; d++) levels[d] = 0;
    for (int64_t w = 0; w < n; w++)
        for (int64_t d = first_difference(size, letters, w); d < size; d++) levels[d]++;
}

/* The trie of the sorted, distinct words packed for the search: node 0 the root, then the prefixes depth by
 * depth in sorted order (so a node's children are consecutive in letter order and word w is one of the
 * last n nodes), each node its 26-bit mask of children and, above bit 32, its first child (all ones for a
 * leaf: the -1 of an int32). */
static void pack_trie(int64_t size, int64_t n, const uint8_t *letters, int64_t node_count, uint64_t *nodes) {
    for (int64_t node = 0; node < node_count; node++) nodes[node] = (uint64_t)0xFFFFFFFFu << 32;
    int64_t parents = 0, children = 1;  /* the first node of the depth above, and of this depth */
    for (int64_t d = 0; d < size; d++) {
        int64_t parent = parents - 1, child = children - 1;
        for (int64_t w = 0; w < n; w++) {
            int64_t differs = first_difference(size, letters, w);
            if (w == 0 || differs < d) parent++;  /* a new prefix of length d */
            if (w == 0 || differs <= d) {         /* a new prefix of length d + 1: parent's next child */
                child++;
                if ((uint32_t)nodes[parent] == 0) nodes[parent] = (uint64_t)(uint32_t)child << 32;
                nodes[parent] |= (uint64_t)1 << letters[w * size + d];
            }
        }
        parents = children;
        children = child + 1;
    }
}

/* Fill the tables (the packed trie and the per-word tables) from the sorted, distinct words' letters. */
void count_tables(int64_t size, int64_t n, const uint8_t *letters, int64_t node_count, int64_t blocks,
                  int64_t shallow, uint64_t *nodes, uint64_t *bits, uint64_t *allowed, int32_t *skip) {
    pack_trie(size, n, letters, node_count, nodes);
    for (int64_t w = 0; w < n; w++)
        for (int64_t j = 0; j < size; j++)
            bits[(j * 26 + letters[w * size + j]) * blocks + (w >> 6)] |= (uint64_t)1 << (w & 63);
    CountTables t = {size, n, blocks, shallow, letters, nodes, 0, NULL, bits, allowed};
    for (int64_t node = 0; node < shallow; node++)
        for (int64_t j = 0; j < size; j++)
            words_with_letters(&t, j, (uint32_t)nodes[node], allowed + (node * size + j) * blocks, 0, blocks - 1);
    for (int64_t j = 0; j < size; j++) {
        int32_t *s = skip + j * n;
        s[n - 1] = (int32_t)n;
        for (int64_t w = n - 2; w >= 0; w--) {
            int differs = 0;
            for (int64_t q = 0; q <= j; q++) differs |= letters[w * size + q] != letters[(w + 1) * size + q];
            s[w] = differs ? (int32_t)(w + 1) : s[w + 1];
        }
    }
}

/* Extend the frontier of row k+1 to position j (from position j-1, or from the root), keeping the prefixes
 * whose letter j column j allows; returns how many (-1: too many to track, the lookahead stays silent). */
INLINE int32_t extend_front(const CountTables *t, const CountState *c, int64_t k, int64_t j, uint32_t allowed,
                            int64_t *steps) {
    int64_t size = t->size;
    int32_t *out = c->front + (k * size + j) * FRONT_CAP;
    int32_t before = 1, count = 0;
    const int32_t *prev = NULL;
    if (j > 0) {
        before = c->nfront[k * size + j - 1];
        if (before < 0) return -1;
        prev = c->front + (k * size + j - 1) * FRONT_CAP;
    }
    for (int32_t i = 0; i < before; i++) {
        uint64_t info = t->nodes[prev == NULL ? 0 : prev[i]];
        uint32_t m = (uint32_t)info, b = m & allowed;
        int32_t first = (int32_t)(info >> 32);
        int kids = bit_count(b);
        if (count + kids > FRONT_CAP) return -1;
        if (count + 2 <= FRONT_CAP) {  /* the first two children without a branch (unused slots are scratch) */
            uint32_t low = b & (0u - b);
            b ^= low;
            out[count] = first + bit_count(m & (low - 1u));
            low = b & (0u - b);
            b ^= low;
            out[count + 1] = first + bit_count(m & (low - 1u));
            if (kids <= 2) {
                count += kids;
                continue;
            }
            count += 2;
        }
        while (b) {  /* each allowed child: first + the rank of its letter among the node's children */
            uint32_t low = b & (0u - b);
            b ^= low;
            out[count++] = first + bit_count(m & (low - 1u));
        }
    }
    *steps += count;
    return count;
}

/* Whether a finished square passes the double (2N distinct words) and canonical (rows sort before
 * columns) tests; its column words are written to ids[size..]. */
INLINE int square_ok(const CountTables *t, const CountState *c, int64_t double_, int64_t canonical) {
    int64_t size = t->size, cells = size * size;
    for (int64_t q = 0; q < size; q++) c->ids[size + q] = c->col[q * (size + 1) + size] - t->leaf_base;
    if (double_)
        for (int64_t x = 0; x < 2 * size; x++)
            for (int64_t y = x + 1; y < 2 * size; y++)
                if (c->ids[x] == c->ids[y]) return 0;
    if (canonical)
        for (int64_t p = 0; p < cells; p++) {
            int32_t here = c->grid[p], transposed = c->grid[(p % size) * size + p / size];
            if (here != transposed) return here < transposed;
        }
    return 1;
}

/* The search itself (square_count runs it; see the top of this part). */
INLINE void count_search(const CountTables *tables, int64_t lo, int64_t hi, int64_t double_, int64_t canonical,
                         int32_t *state, uint64_t *cands, int32_t *out, int64_t capacity, int64_t max_nodes,
                         int64_t *result) {
    const CountTables t = *tables;
    int64_t size = t.size, n = t.n;
    const uint8_t *letters = t.letters;
    const int32_t *skip = t.skip;
    CountState c = count_state(state, size);
    int64_t blocks = t.blocks, found = 0, nodes = 0, steps = 0;
    int64_t scanned = 0;  /* bitset blocks combined: work that is not nodes, but must end a slice too */
    /* rows with a lookahead on the row below: the last three up to 5x5; from the third row on for larger
     * squares, whose deeper rows would otherwise build their candidate bitsets letter by letter (6x6: 6x
     * less time, though more nodes). 5x5 from the second row: 1.5-1.8x the time (its row-below frontiers
     * are wide: 1.8-2.9x the nodes on wordle-answers and english >= 3.5, measured 30 Nov 2026) */
    int64_t lookahead_from = size > 5 ? 2 : (size > 3 ? size - 3 : 0);
    int32_t start[27];
    first_letter_starts(&t, start);
    int64_t k = *c.level;
    int entering = !*c.started;
    if (entering) {
        *c.started = 1;
        k = 0;
        for (int64_t j = 0; j < size; j++) c.col[j * (size + 1)] = 0;
    }
    for (;;) {
        uint64_t *cand = cands + k * 2 * blocks;
        if (entering) {  /* a new row: where its candidates come from */
            entering = 0;
            c.prev[k] = -1;
            c.fvalid[k] = 0;
            c.from_list[k] = k - 1 >= lookahead_from && c.nfront[(k - 1) * size + size - 1] >= 0;
            if (c.from_list[k]) c.pos[k] = 0;
            else {
                uint32_t first_letters = ~0u;  /* canonical: the first column must not sort below the first row */
                if (canonical && k > 0 && c.tie[k - 1]) first_letters = ~((1u << c.grid[k]) - 1u);
                row_candidates(&t, &c, k, first_letters, start, cand);
                scanned += size * blocks;
                c.pos[k] = k == 0 ? (int32_t)lo : 0;
            }
        }
        /* the next candidate word of row k, or -1 */
        int32_t w = -1;
        if (c.from_list[k]) {
            int32_t listed = c.nfront[(k - 1) * size + size - 1];
            const int32_t *list = c.front + ((k - 1) * size + size - 1) * FRONT_CAP;
            if (c.pos[k] < listed) w = list[c.pos[k]] - t.leaf_base;
        } else {
            int64_t limit = k == 0 ? hi : n;
            int64_t at = c.pos[k];
            if (at < limit) {
                int64_t block = at >> 6;
                uint64_t b = cand[block] & (~(uint64_t)0 << (at & 63));
                while (!b && ++block < blocks) b = cand[block];
                if (b) {
                    int64_t found_at = block * 64 + __builtin_ctzll(b);
                    if (found_at < limit) w = (int32_t)found_at;
                }
            }
        }
        if (w < 0) {  /* row k exhausted: back to the row above */
            if (k == 0) {
                *c.level = -1;
                result[0] = found, result[1] = nodes + steps, result[2] = DONE;
                return;
            }
            k -= 1;
            continue;
        }
        if (nodes + steps + scanned / 16 >= max_nodes || found >= capacity) {
            *c.level = (int32_t)k;
            result[0] = found, result[1] = nodes + steps, result[2] = found >= capacity ? OUT_FULL : NODE_LIMIT;
            return;
        }
        /* advance past w now, so that a rejection below simply moves on */
        if (c.from_list[k]) c.pos[k] += 1;
        else c.pos[k] = w + 1;
        const uint8_t *row = letters + (int64_t)w * size;
        if (double_) {
            int repeated = 0;
            for (int64_t q = 0; q < k; q++) repeated |= c.ids[q] == w;
            if (repeated) continue;
        }
        if (canonical && k > 0 && c.tie[k - 1] && row[0] < c.grid[k]) continue;
        nodes += 1;
        c.ids[k] = w;
        const int32_t *col_here = c.col + k;  /* column j's node above this row: col_here[j * (size + 1)] */
        int32_t *col_below = c.col + k + 1;
        if (k >= lookahead_from && k < size - 1) {
            /* is there a row below? extend its prefixes from where this word differs from the last one tried,
             * and the columns' nodes with them (those past where the row below dies are never needed) */
            int64_t p = 0;
            if (c.prev[k] >= 0) {
                const uint8_t *before = letters + (int64_t)c.prev[k] * size;
                while (p < c.fvalid[k] && before[p] == row[p]) p++;
            }
            int64_t dead = -1;
            for (int64_t j = p; j < size; j++) {
                int32_t node = trie_child(&t, col_here[j * (size + 1)], row[j]);
                col_below[j * (size + 1)] = node;
                int32_t kept = extend_front(&t, &c, k, j, node_mask(&t, node), &steps);
                c.nfront[k * size + j] = kept;
                if (kept == 0) {
                    dead = j;
                    break;
                }
            }
            c.prev[k] = w;
            if (dead >= 0) {
                c.fvalid[k] = (int32_t)dead;
                int32_t next = skip[dead * n + w];  /* every word sharing the dead prefix fails too */
                if (c.from_list[k]) {
                    int32_t listed = c.nfront[(k - 1) * size + size - 1];
                    const int32_t *list = c.front + ((k - 1) * size + size - 1) * FRONT_CAP;
                    while (c.pos[k] < listed && list[c.pos[k]] - t.leaf_base < next) c.pos[k] += 1;
                } else if (c.pos[k] < next) c.pos[k] = next;
                continue;
            }
            c.fvalid[k] = (int32_t)size;
        } else {
            for (int64_t j = 0; j < size; j++)
                col_below[j * (size + 1)] = trie_child(&t, col_here[j * (size + 1)], row[j]);
        }
        for (int64_t j = 0; j < size; j++) c.grid[k * size + j] = row[j];
        c.tie[k] = k == 0 || (c.tie[k - 1] && row[0] == c.grid[k]);
        if (k == size - 1) {
            if (square_ok(&t, &c, double_, canonical)) {
                if (capacity > 0 && out != NULL)
                    for (int64_t q = 0; q < size; q++) out[found * size + q] = c.ids[q];
                found += 1;
            }
            continue;
        }
        k += 1;
        entering = 1;
    }
}

#ifdef POPCNT_BUILD
__attribute__((target("popcnt"))) static void count_search_popcnt(const CountTables *tables, int64_t lo, int64_t hi,
                                                               int64_t double_, int64_t canonical, int32_t *state,
                                                               uint64_t *cands, int32_t *out, int64_t capacity,
                                                               int64_t max_nodes, int64_t *result) {
    count_search(tables, lo, hi, double_, canonical, state, cands, out, capacity, max_nodes, result);
}
#endif

void square_count(int64_t size, int64_t n, const uint8_t *letters, const uint64_t *trie_nodes, const uint64_t *bits,
                  const uint64_t *allowed, int64_t shallow, const int32_t *skip, int64_t lo, int64_t hi,
                  int64_t double_, int64_t canonical, int32_t *state, uint64_t *cands, int32_t *out,
                  int64_t capacity, int64_t max_nodes, int64_t *result) {
    int32_t leaf = 0;  /* word 0's node: the first child, size times */
    for (int64_t depth = 0; depth < size; depth++) leaf = (int32_t)(trie_nodes[leaf] >> 32);
    CountTables t = {size, n, (n + 63) / 64, shallow, letters, trie_nodes, leaf, skip, bits, allowed};
#ifdef POPCNT_BUILD
    if (__builtin_cpu_supports("popcnt")) {
        count_search_popcnt(&t, lo, hi, double_, canonical, state, cands, out, capacity, max_nodes, result);
        return;
    }
#endif
    count_search(&t, lo, hi, double_, canonical, state, cands, out, capacity, max_nodes, result);
}
