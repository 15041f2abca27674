/* The square kernel in C: the same search as puzzlewright/acrostic/kernel_numba.py (see kernel.py for
 * what it does), compiled once per machine into the cache folder and loaded with ctypes, so a process
 * pays neither numba's import nor its cache load (about 1.3 s) to count a handful of squares.
 *
 * Arrays are the ones SquareSearch owns (C order): child int32 [nodes x 26], mask uint32 [nodes],
 * word int32 [nodes], forced int64 [cells], letter_order int8 [cells x 26] (or none), state int64
 * [STATE_ROWS x width], frontier int64 [cells x frontier_cap], cursor int64 [3], out int32
 * [capacity x size]. The result (squares written, nodes expanded, why) goes to result int64 [3].
 */
#include <stdint.h>

enum { DONE = 0, NODE_LIMIT = 1, OUT_FULL = 2 };
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
