/* The grid filler's search in C (see puzzlewright/grid/kernel.py for what it does and
 * puzzlewright/grid/kernel_numba.py for the same search in numba, which it follows step for step).
 *
 * Every array is a numpy buffer owned by Python, int64 unless noted, 2-D and 3-D ones in C order:
 * support[slots][longest][26] (int32), cross_t, cross_j, cross_id and mask_at [slots][longest], events[][3],
 * trail[][2], stack[][4]. live and masks are uint64 bitsets, letters uint8 (0-25), weights and keys double.
 *
 * Slot s's candidates are the set bits of its blocks live[live_at[s]..] (bit b of block k: word 64k + b of
 * its length's list); masks[mask_at[s][i] + c * blocks] are the words of that list with letter c at
 * position i (static). A restriction ANDs blocks away, saving each block it changes (and the size) on the
 * trail, and takes the removed words' letters off the supports; undoing restores the blocks in reverse
 * order and puts the restored words' letters back. */

#include <math.h>
#include <stdint.h>
#include <string.h>

typedef int64_t i64;
typedef uint64_t u64;

enum { DONE = 0, NODE_LIMIT = 1, OUT_FULL = 2 };  /* puzzlewright.native's codes */
enum { SAVED_BLOCK = 0, SAVED_SIZE = 1, SAVED_ROW = 2 };  /* what a trail entry holds: its code's low bits */
enum { DROP_LETTER = 0, KEEP_WORD = 1, DROP_WORD = 2 };     /* the restrictions of a slot's candidates */

#ifndef PROMISE_CAP
#define PROMISE_CAP 1000 /* crossings keeping this many candidates or more are all as good */
#endif

typedef struct {
    u64 *live;
    i64 *live_at, *size;
    int32_t *support;
    i64 *lengths;
    uint8_t *letters;
    i64 *letters_at, *words, *group, *cross_t, *cross_j, *cross_id;
    u64 *masks;
    i64 *mask_at;
    double *weights;
    i64 *wipeouts;
    i64 distinct, slots, longest;
    i64 *events, *singles, *trail;
    i64 n_events, n_singles, n_trail;
    i64 *nogoods, *nogood_at; /* nogood n's decisions: (slot, word) pairs nogoods[2k..] for k in at[n]..at[n+1] */
    i64 n_nogoods;
    u64 *gone; /* scratch (on the call's stack): the words the current restriction removed, block by block */
} Grid;

/* The set bits of x (SWAR: the library is built for any x86-64, without the popcnt instruction, and the
 * builtin would call libgcc). */
static i64 bits(u64 x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (i64)((x * 0x0101010101010101ULL) >> 56);
}

static i64 blocks_of(const Grid *g, i64 s) {
    return (g->words[s] + 63) >> 6;
}

/* Trail entries: (4 * k + SAVED_BLOCK, the old bits) for each block k of the slot a restriction changed; for
 * a restriction that removes more words than its slot's supports take entries (row_entries), the supports
 * themselves, then (4 * their entries + SAVED_ROW, 0); then (4 * slot + SAVED_SIZE, its old size). Undone in
 * reverse order, the size entry says whose blocks follow, and a saved row spares putting the restored words'
 * letters back one by one. */
static void save(Grid *g, i64 code, i64 old) {
    g->trail[2 * g->n_trail] = code;
    g->trail[2 * g->n_trail + 1] = old;
    g->n_trail += 1;
}

/* The trail entries (two int64, four supports each) that slot t's supports take. */
static i64 row_entries(const Grid *g, i64 t) {
    return (g->lengths[t] * 26 + 3) / 4;
}

/* Save slot t's supports on the trail. */
static void save_row(Grid *g, i64 t) {
    i64 entries = row_entries(g, t);
    memcpy(g->trail + 2 * g->n_trail, g->support + t * g->longest * 26, (size_t)(g->lengths[t] * 26) * sizeof(int32_t));
    g->n_trail += entries;
    save(g, 4 * entries + SAVED_ROW, 0);
}

/* Put back every change after trail position mark: the blocks, the sizes, and the supports (saved, or
 * the restored words' letters put back). */
static void undo(Grid *g, i64 mark) {
    i64 t = 0, length = 0, longest = g->longest;
    int saved = 0; /* the supports of the restriction being undone came back whole */
    u64 *live = g->live;
    const uint8_t *letters = g->letters;
    int32_t *support = g->support;
    for (i64 n = g->n_trail - 1; n >= mark; n--) {
        i64 code = g->trail[2 * n], old = g->trail[2 * n + 1];
        i64 kind = code & 3;
        if (kind == SAVED_SIZE) {
            t = code >> 2;
            g->size[t] = old;
            length = g->lengths[t];
            live = g->live + g->live_at[t];
            letters = g->letters + g->letters_at[t];
            support = g->support + t * longest * 26;
            saved = 0;
            continue;
        }
        if (kind == SAVED_ROW) {
            n -= code >> 2;
            memcpy(support, g->trail + 2 * n, (size_t)(length * 26) * sizeof(int32_t));
            saved = 1;
            continue;
        }
        i64 k = code >> 2;
        if (!saved)
            for (u64 x = (u64)old & ~live[k]; x; x &= x - 1) {
                const uint8_t *word = letters + (64 * k + __builtin_ctzll(x)) * length;
                for (i64 i = 0; i < length; i++)
                    support[i * 26 + word[i]] += 1;
            }
        live[k] = (u64)old;
    }
    if (g->n_trail > mark)
        g->n_trail = mark;
}

/* Take the letters of the words in gone[lo..hi] off slot t's supports, in word order, queueing each letter
 * that loses its last candidate at a crossed position (the order word-by-word removals would queue them).
 * All of them had letter c at position skip (-1: none): that support drops to 0 at once, unqueued (its event
 * would restrict the crossing slot by a letter it lost already, which is what removed them). */
static void lose_letters(Grid *g, i64 t, i64 lo, i64 hi, i64 skip, i64 c) {
    i64 length = g->lengths[t], longest = g->longest, n_events = g->n_events;
    const uint8_t *letters = g->letters + g->letters_at[t];
    const i64 *crossed = g->cross_t + t * longest;
    int32_t *support = g->support + t * longest * 26;
    i64 *events = g->events;
    for (i64 k = lo; k <= hi; k++)
        for (u64 x = g->gone[k]; x; x &= x - 1) {
            const uint8_t *word = letters + (64 * k + __builtin_ctzll(x)) * length;
            for (i64 i = 0; i < length; i++) {
                if (i == skip)
                    continue;
                if (--support[i * 26 + word[i]] == 0 && crossed[i] >= 0) {
                    events[3 * n_events] = t;
                    events[3 * n_events + 1] = i;
                    events[3 * n_events + 2] = word[i];
                    n_events += 1;
                }
            }
        }
    if (skip >= 0)
        support[skip * 26 + c] = 0;
    g->n_events = n_events;
}

/* Restrict slot t's candidates: DROP_LETTER drops those with letter b at position a, KEEP_WORD keeps word a
 * alone, DROP_WORD drops word a. Queues what the removal implies (letters that lost their last candidate at a
 * crossed position, the slot if one word is left); returns how many words went (the slot's size is 0 when
 * that was all of them: a dead end). */
static i64 restrict_slot(Grid *g, i64 t, i64 how, i64 a, i64 b) {
    i64 blocks = blocks_of(g, t), at = g->live_at[t];
    u64 *live = g->live + at, *gone = g->gone;
    i64 lo = blocks, hi = -1, removed = 0;
    const u64 *mask = g->masks + g->mask_at[t * g->longest + (how == DROP_LETTER ? a : 0)] + b * blocks;
    /* the words DROP_LETTER removes (its supports count them): it stops once they are gone */
    i64 going = how == DROP_LETTER ? g->support[(t * g->longest + a) * 26 + b] : blocks * 64;
    i64 word_block = a >> 6;
    u64 bit = (u64)1 << (a & 63);
    i64 first = how == DROP_WORD ? word_block : 0, last = how == DROP_WORD ? word_block : blocks - 1;
    for (i64 k = first; k <= last && removed < going; k++) {
        u64 x = how == DROP_LETTER ? live[k] & mask[k]
                : how == DROP_WORD ? live[k] & bit
                : k == word_block  ? live[k] & ~bit
                                   : live[k];
        gone[k] = x;
        if (x) {
            save(g, 4 * k + SAVED_BLOCK, (i64)live[k]);
            live[k] &= ~x;
            removed += bits(x);
            lo = lo < k ? lo : k;
            hi = k;
        }
    }
    if (removed == 0)
        return 0;
    if (removed > row_entries(g, t))
        save_row(g, t);
    save(g, 4 * t + SAVED_SIZE, g->size[t]);
    g->size[t] -= removed;
    lose_letters(g, t, lo, hi, how == DROP_LETTER ? a : -1, b);
    if (g->size[t] == 1) {
        g->singles[g->n_singles] = t;
        g->n_singles += 1;
    }
    return removed;
}

/* Whether slot s still has word w. */
static int has_word(const Grid *g, i64 s, i64 w) {
    return (g->live[g->live_at[s] + (w >> 6)] >> (w & 63)) & 1;
}

/* Slot t ran out of candidates when position i of slot s lost its last letter: the crossing's weight and
 * t's wipeouts count it; t is the failed slot. */
static i64 wiped_out(Grid *g, i64 s, i64 i, i64 t) {
    g->weights[g->cross_id[s * g->longest + i]] += 1;
    g->wipeouts[t] += 1;
    return t;
}

/* The first candidate of slot s (in word order), -1 when it has none. */
static i64 first_word(const Grid *g, i64 s) {
    const u64 *live = g->live + g->live_at[s];
    for (i64 k = 0, blocks = blocks_of(g, s); k < blocks; k++)
        if (live[k])
            return 64 * k + __builtin_ctzll(live[k]);
    return -1;
}

/* Process queued letter events and single-word slots until nothing changes; the failed slot or -1. */
static i64 propagate_queue(Grid *g) {
    while (g->n_events > 0 || g->n_singles > 0) {
        if (g->n_events > 0) {
            g->n_events -= 1;
            i64 *event = &g->events[3 * g->n_events];
            i64 s = event[0], i = event[1], c = event[2];
            i64 t = g->cross_t[s * g->longest + i];
            i64 j = g->cross_j[s * g->longest + i];
            if (g->support[(t * g->longest + j) * 26 + c] == 0)
                continue; /* t has no candidate with c there (any more) */
            if (restrict_slot(g, t, DROP_LETTER, j, c) > 0 && g->size[t] == 0)
                return wiped_out(g, s, i, t);
            continue;
        }
        g->n_singles -= 1;
        i64 s = g->singles[g->n_singles];
        if (!g->distinct || g->size[s] != 1)
            continue;
        i64 w = first_word(g, s);
        for (i64 u = 0; u < g->slots; u++) {
            if (u != s && g->group[u] == g->group[s] && has_word(g, u, w)) {
                restrict_slot(g, u, DROP_WORD, w, 0);
                if (g->size[u] == 0) {
                    g->wipeouts[u] += 1;
                    return u;
                }
            }
        }
    }
    return -1;
}

/* The learnt nogoods (sets of decisions slot = word that together leave no fill) against the current
 * domains: a decision holds when its slot has that word alone, fails when the word is gone. A nogood whose
 * decisions all hold is a dead end (its first slot is returned); one with all but one holding and none failed
 * removes the open decision's word from its slot (queued for propagation, counted in *removed). -1: no dead end. */
static i64 check_nogoods(Grid *g, i64 *removed) {
    for (i64 n = 0; n < g->n_nogoods; n++) {
        i64 open = -1;
        int idle = 0; /* a decision failed, or two are open: nothing to do */
        for (i64 k = g->nogood_at[n]; k < g->nogood_at[n + 1]; k++) {
            i64 s = g->nogoods[2 * k], w = g->nogoods[2 * k + 1];
            if (!has_word(g, s, w) || (g->size[s] > 1 && open >= 0)) {
                idle = 1;
                break;
            }
            if (g->size[s] > 1)
                open = k;
        }
        if (idle)
            continue;
        if (open < 0)
            return g->nogoods[2 * g->nogood_at[n]];
        restrict_slot(g, g->nogoods[2 * open], DROP_WORD, g->nogoods[2 * open + 1], 0);
        *removed += 1;
    }
    return -1;
}

/* Propagate the queues, then the nogoods, until neither removes a word: the failed slot or -1. */
static i64 settle(Grid *g) {
    for (;;) {
        i64 failed = propagate_queue(g);
        if (failed >= 0 || g->n_nogoods == 0)
            return failed;
        i64 removed = 0;
        failed = check_nogoods(g, &removed);
        if (failed >= 0 || removed == 0)
            return failed;
    }
}

/* How well word w of slot s keeps its open crossings alive: the mean over the crossing slots still open of
 * log10 of the candidates each keeps with w's letter at the shared cell, each at most PROMISE_CAP (0 when it
 * crosses no open slot). The log of the product of the crossings' supports, so that a word leaving one
 * crossing few candidates and the others many can still beat one leaving every crossing barely enough. */
static double promise_of(Grid *g, i64 s, i64 w) {
    i64 length = g->lengths[s];
    i64 base = g->letters_at[s] + w * length;
    double total = 0.0;
    i64 open = 0;
    for (i64 i = 0; i < length; i++) {
        i64 t = g->cross_t[s * g->longest + i];
        if (t < 0 || g->size[t] <= 1)
            continue;
        i64 count = g->support[(t * g->longest + g->cross_j[s * g->longest + i]) * 26 + g->letters[base + i]];
        total += log10((double)(count < PROMISE_CAP ? count : PROMISE_CAP));
        open += 1;
    }
    return open > 0 ? total / (double)open : 0.0;
}

/* dom/wdeg: the open slot with the fewest candidates per weighted crossing with other open slots. */
static i64 choose(Grid *g) {
    i64 best = -1;
    double best_ratio = 0.0;
    for (i64 s = 0; s < g->slots; s++) {
        if (g->size[s] <= 1)
            continue;
        double degree = 1.0;
        for (i64 i = 0; i < g->lengths[s]; i++) {
            i64 t = g->cross_t[s * g->longest + i];
            if (t >= 0 && g->size[t] > 1)
                degree += g->weights[g->cross_id[s * g->longest + i]];
        }
        double ratio = (double)g->size[s] / degree;
        if (best < 0 || ratio < best_ratio) {
            best = s;
            best_ratio = ratio;
        }
    }
    return best;
}

/* The candidate of slot s with the highest key (the first in word order among equals): its key plus
 * promise times its promise_of. */
static i64 best_value(Grid *g, i64 s, const double *keys, double promise) {
    i64 best = -1;
    double best_key = 0.0;
    const u64 *live = g->live + g->live_at[s];
    for (i64 k = 0, blocks = blocks_of(g, s); k < blocks; k++)
        for (u64 x = live[k]; x; x &= x - 1) {
            i64 w = 64 * k + __builtin_ctzll(x);
            double key = keys[w];
            if (promise > 0.0)
                key += promise * promise_of(g, s, w);
            if (best < 0 || key > best_key) {
                best = w;
                best_key = key;
            }
        }
    return best;
}

/* The blocks of the longest slot's bitset: the size of a call's scratch of removed words. */
static i64 most_blocks(const Grid *g) {
    i64 most = 1;
    for (i64 s = 0; s < g->slots; s++)
        most = blocks_of(g, s) > most ? blocks_of(g, s) : most;
    return most;
}

#define GRID_ARGUMENTS                                                                                       \
    u64 *live, i64 *live_at, i64 *size, int32_t *support, i64 *lengths, uint8_t *letters, i64 *letters_at,   \
        i64 *words, i64 *group, i64 *cross_t, i64 *cross_j, i64 *cross_id, u64 *masks, i64 *mask_at,          \
        double *weights, i64 *wipeouts, i64 distinct, i64 slots, i64 longest

#define GRID_INIT(events, singles, trail)                                                                    \
    {live, live_at, size, support, lengths, letters, letters_at, words, group, cross_t, cross_j, cross_id,     \
     masks, mask_at, weights, wipeouts, distinct, slots, longest, events, singles, trail, 0, 0, 0, 0, 0, 0, 0}

/* The queued events and singles propagated; result = (failed slot or -1, trail length). */
void grid_propagate(GRID_ARGUMENTS, i64 *events, i64 n_events, i64 *singles, i64 n_singles, i64 *trail,
                    i64 n_trail, i64 *result) {
    Grid g = GRID_INIT(events, singles, trail);
    g.n_events = n_events;
    g.n_singles = n_singles;
    g.n_trail = n_trail;
    u64 gone[most_blocks(&g)];
    g.gone = gone;
    result[0] = propagate_queue(&g);
    result[1] = g.n_trail;
}

static i64 search(Grid *g, double *keys, i64 *keys_at, i64 *stack, i64 *cursor, i64 node_limit, i64 *out,
                  double promise);

/* Depth-first search from the state in the arrays, resumable through stack and cursor
 * (cursor = depth, trail length, nodes, resume-by-backtracking flag), pruned by n_nogoods learnt nogoods.
 * OUT_FULL with a fill's word per slot in out, DONE when the space is exhausted, NODE_LIMIT once cursor[2]
 * reaches node_limit. */
i64 grid_search(GRID_ARGUMENTS, double *keys, i64 *keys_at, i64 *events, i64 *singles, i64 *trail, i64 *stack,
                i64 *cursor, i64 node_limit, i64 *out, double promise, i64 *nogoods, i64 *nogood_at,
                i64 n_nogoods) {
    Grid g = GRID_INIT(events, singles, trail);
    g.nogoods = nogoods, g.nogood_at = nogood_at, g.n_nogoods = n_nogoods;
    u64 gone[most_blocks(&g)];
    g.gone = gone;
    return search(&g, keys, keys_at, stack, cursor, node_limit, out, promise);
}

static i64 search(Grid *g, double *keys, i64 *keys_at, i64 *stack, i64 *cursor, i64 node_limit, i64 *out,
                  double promise) {
    i64 depth = cursor[0];
    g->n_trail = cursor[1];
    i64 nodes = cursor[2];
    int failing = cursor[3] == 1;
    if (depth == 0 && !failing && g->n_nogoods > 0) {
        /* the root: what the nogoods remove before any decision */
        g->n_events = 0;
        g->n_singles = 0;
        if (settle(g) >= 0) {
            cursor[1] = g->n_trail, cursor[3] = 0;
            return DONE;
        }
    }
    for (;;) {
        if (failing) {
            /* backtrack: the deepest decision still on its left branch flips to its right branch */
            failing = 0;
            int flipped = 0;
            while (depth > 0) {
                i64 *top = &stack[4 * (depth - 1)];
                undo(g, top[2]);
                if (top[3] == 1) {
                    depth -= 1;
                    continue;
                }
                top[3] = 1;
                g->n_events = 0;
                g->n_singles = 0;
                restrict_slot(g, top[0], DROP_WORD, top[1], 0);
                int failed = g->size[top[0]] == 0;
                if (!failed)
                    failed = settle(g) >= 0;
                if (failed) {
                    undo(g, top[2]);
                    depth -= 1;
                    continue;
                }
                flipped = 1;
                break;
            }
            if (!flipped) {
                cursor[0] = depth, cursor[1] = g->n_trail, cursor[2] = nodes, cursor[3] = 0;
                return DONE;
            }
        }
        i64 s = choose(g);
        if (s < 0) {
            for (i64 u = 0; u < g->slots; u++)
                out[u] = first_word(g, u);
            cursor[0] = depth, cursor[1] = g->n_trail, cursor[2] = nodes, cursor[3] = 1;
            return OUT_FULL;
        }
        if (nodes >= node_limit) {
            cursor[0] = depth, cursor[1] = g->n_trail, cursor[2] = nodes, cursor[3] = 0;
            return NODE_LIMIT;
        }
        nodes += 1;
        i64 best = best_value(g, s, keys + keys_at[s], promise);
        i64 *decision = &stack[4 * depth];
        decision[0] = s, decision[1] = best, decision[2] = g->n_trail, decision[3] = 0;
        depth += 1;
        g->n_events = 0;
        g->n_singles = 0;
        restrict_slot(g, s, KEEP_WORD, best, 0);
        failing = settle(g) >= 0;
    }
}
