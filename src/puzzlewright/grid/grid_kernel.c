/* The grid filler's search in C (see puzzlewright/grid/kernel.py for what it does and
 * puzzlewright/grid/kernel_numba.py for the same search in numba, which it follows step for step).
 *
 * Every array is a numpy buffer owned by Python, int64 unless noted, 2-D ones in C order: letter_sets,
 * cross_t, cross_j, cross_id and mask_at [slots][longest], events[][3], trail[][2], stack[][4]. live and
 * masks are uint64 bitsets, letters uint8 (0-25), weights and keys double.
 *
 * Slot s's candidates are the set bits of its live[live_at[s]..] blocks (bit w of block k: word 64k + w of
 * its length's list); masks[mask_at[s][i] + c * blocks] are the words of that list with letter c at position
 * i (static); letter_sets[s][i] the letters its candidates have at position i (bit c). A restriction ANDs
 * blocks away, saving each block it changes (and the size and letter sets) on the trail as (index * 3 +
 * kind, old value); undoing restores them in reverse order. */

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

typedef int64_t i64;
typedef uint64_t u64;

enum { DONE = 0, NODE_LIMIT = 1, OUT_FULL = 2 };  /* puzzlewright.native's codes */
enum { SAVED_LIVE = 0, SAVED_SIZE = 1, SAVED_LETTERS = 2 }; /* what a trail entry holds */
enum { DROP_LETTER = 0, KEEP_WORD = 1, DROP_WORD = 2 };     /* the restrictions of a slot's candidates */

#ifndef FEW_WORDS
#define FEW_WORDS 32 /* a slot left this many candidates or fewer has its letters read from them */
#endif

#ifndef PROMISE_CAP
#define PROMISE_CAP 1000 /* crossings keeping this many candidates or more are all as good */
#endif

typedef struct {
    u64 *live;
    i64 *live_at, *size, *letter_sets, *lengths;
    uint8_t *letters;
    i64 *letters_at, *words, *group, *cross_t, *cross_j, *cross_id;
    u64 *masks;
    i64 *mask_at, *witness;
    double *weights;
    i64 *wipeouts;
    i64 distinct, slots, longest;
    i64 *events, *singles, *trail;
    i64 n_events, n_singles, n_trail;
    i64 *nogoods, *nogood_at; /* nogood n's decisions: (slot, word) pairs nogoods[2k..] for k in at[n]..at[n+1] */
    i64 n_nogoods;
    u64 *gone;  /* scratch: the words the current restriction removed, block by block */
    i64 *dead;  /* scratch: the letters it left without a word, (order key, letter) pairs */
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

static void save(Grid *g, i64 kind, i64 index, i64 old) {
    g->trail[2 * g->n_trail] = index * 3 + kind;
    g->trail[2 * g->n_trail + 1] = old;
    g->n_trail += 1;
}

/* Put back every change after trail position mark. */
static void undo(Grid *g, i64 mark) {
    for (i64 n = g->n_trail - 1; n >= mark; n--) {
        i64 code = g->trail[2 * n], old = g->trail[2 * n + 1];
        i64 kind = code % 3, index = code / 3;
        if (kind == SAVED_LIVE)
            g->live[index] = (u64)old;
        else if (kind == SAVED_SIZE)
            g->size[index] = old;
        else
            g->letter_sets[index] = old;
    }
    if (g->n_trail > mark)
        g->n_trail = mark;
}

/* Whether slot t still has a candidate with letter c at position p: its witness for them (the last such
 * candidate found, a residue that no undo restores: any candidate will do; at first any word) when it is
 * still there, else the next one found from the witness's block on, which becomes the witness. */
static int keeps_letter(Grid *g, i64 t, i64 p, i64 c) {
    i64 blocks = blocks_of(g, t), *witness = g->witness + (t * g->longest + p) * 26 + c, w = *witness;
    const u64 *live = g->live + g->live_at[t];
    const u64 *mask = g->masks + g->mask_at[t * g->longest + p] + c * blocks;
    if (((live[w >> 6] & mask[w >> 6]) >> (w & 63)) & 1)
        return 1;
    for (i64 n = 0, k = w >> 6; n < blocks; n++, k = k + 1 < blocks ? k + 1 : 0) {
        u64 x = live[k] & mask[k];
        if (x) {
            *witness = 64 * k + __builtin_ctzll(x);
            return 1;
        }
    }
    return 0;
}

/* The highest word of a & b within blocks lo..hi (one is there). */
static i64 last_common(const u64 *a, const u64 *b, i64 lo, i64 hi) {
    for (i64 k = hi; k >= lo; k--) {
        u64 x = a[k] & b[k];
        if (x)
            return 64 * k + 63 - __builtin_clzll(x);
    }
    return -1;
}

static int by_key(const void *a, const void *b) {
    i64 x = *(const i64 *)a, y = *(const i64 *)b;
    return (x > y) - (x < y);
}

/* Slot t lost the words in gone[lo..hi] (removed of them): its letters left with no candidate at a crossed
 * position are queued as events, in the order word-by-word removals in word order would have queued them
 * (by the last removed word with the letter there, then by position), and its letter sets updated. */
static void lose_letters(Grid *g, i64 t, i64 lo, i64 hi) {
    i64 length = g->lengths[t], blocks = blocks_of(g, t), longest = g->longest;
    const u64 *live = g->live + g->live_at[t];
    const uint8_t *letters = g->letters + g->letters_at[t];
    const i64 *crossed = g->cross_t + t * longest;
    i64 *sets = g->letter_sets + t * longest;
    i64 kept[32];
    if (g->size[t] <= FEW_WORDS) {
        /* few words left: their letters, read word by word */
        for (i64 p = 0; p < length; p++)
            kept[p] = 0;
        for (i64 k = 0; k < blocks; k++)
            for (u64 x = live[k]; x; x &= x - 1) {
                const uint8_t *word = letters + (64 * k + __builtin_ctzll(x)) * length;
                for (i64 p = 0; p < length; p++)
                    kept[p] |= (i64)1 << word[p];
            }
    } else {
        /* the letters of the removed words, each kept while a candidate has it (keeps_letter) */
        i64 touched[32];
        for (i64 p = 0; p < length; p++)
            touched[p] = 0;
        for (i64 k = lo; k <= hi; k++)
            for (u64 x = g->gone[k]; x; x &= x - 1) {
                const uint8_t *word = letters + (64 * k + __builtin_ctzll(x)) * length;
                for (i64 p = 0; p < length; p++)
                    touched[p] |= (i64)1 << word[p];
            }
        for (i64 p = 0; p < length; p++) {
            kept[p] = sets[p];
            if (crossed[p] < 0)
                continue;
            for (i64 x = touched[p] & sets[p]; x; x &= x - 1) {
                i64 c = __builtin_ctzll((u64)x);
                if (!keeps_letter(g, t, p, c))
                    kept[p] &= ~((i64)1 << c);
            }
        }
    }
    i64 n_dead = 0;
    for (i64 p = 0; p < length; p++) {
        i64 lost = sets[p] & ~kept[p];
        if (crossed[p] < 0 || lost == 0)
            continue;
        const u64 *masks = g->masks + g->mask_at[t * longest + p];
        for (i64 x = lost; x; x &= x - 1) {
            i64 c = __builtin_ctzll((u64)x);
            g->dead[2 * n_dead] = last_common(g->gone, masks + c * blocks, lo, hi) * longest + p;
            g->dead[2 * n_dead + 1] = c;
            n_dead += 1;
        }
        save(g, SAVED_LETTERS, t * longest + p, sets[p]);
        sets[p] = kept[p];
    }
    if (n_dead > 1)
        qsort(g->dead, (size_t)n_dead, 2 * sizeof(i64), by_key);
    i64 *events = g->events + 3 * g->n_events;
    for (i64 n = 0; n < n_dead; n++) {
        events[3 * n] = t;
        events[3 * n + 1] = g->dead[2 * n] % longest;
        events[3 * n + 2] = g->dead[2 * n + 1];
    }
    g->n_events += n_dead;
}

/* Restrict slot t's candidates: DROP_LETTER drops those with letter b at position a, KEEP_WORD keeps word a
 * alone, DROP_WORD drops word a. Queues what the removal implies (letters that lost their last candidate at a
 * crossed position, the slot if one word is left); returns how many words went (the slot's size is 0 when
 * that was all of them: then nothing is queued). */
static i64 restrict_slot(Grid *g, i64 t, i64 how, i64 a, i64 b) {
    i64 blocks = blocks_of(g, t), at = g->live_at[t];
    u64 *live = g->live + at, *gone = g->gone;
    i64 lo = blocks, hi = -1, removed = 0;
    if (how == DROP_LETTER) {
        const u64 *mask = g->masks + g->mask_at[t * g->longest + a] + b * blocks;
        for (i64 k = 0; k < blocks; k++) {
            u64 x = live[k] & mask[k];
            gone[k] = x;
            if (x) {
                save(g, SAVED_LIVE, at + k, (i64)live[k]);
                live[k] &= ~x;
                removed += bits(x);
                lo = lo < k ? lo : k;
                hi = k;
            }
        }
    } else {
        i64 kept = a >> 6;
        u64 bit = (u64)1 << (a & 63);
        i64 first = how == DROP_WORD ? kept : 0, last = how == DROP_WORD ? kept : blocks - 1;
        for (i64 k = first; k <= last; k++) {
            u64 x = how == DROP_WORD ? live[k] & bit : k == kept ? live[k] & ~bit : live[k];
            gone[k] = x;
            if (x) {
                save(g, SAVED_LIVE, at + k, (i64)live[k]);
                live[k] &= ~x;
                removed += bits(x);
                lo = lo < k ? lo : k;
                hi = k;
            }
        }
    }
    if (removed == 0)
        return 0;
    save(g, SAVED_SIZE, t, g->size[t]);
    g->size[t] -= removed;
    if (g->size[t] == 0)
        return removed;
    lose_letters(g, t, lo, hi);
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
            if (!((g->letter_sets[t * g->longest + j] >> c) & 1))
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

/* How many candidates of slot t have letter c at position j, for each c, each at most PROMISE_CAP: by the
 * candidates' letters when they are fewer than the blocks to count, else by the letters' masks. */
static void crossing_counts(const Grid *g, i64 t, i64 j, i64 *counts) {
    i64 blocks = blocks_of(g, t), length = g->lengths[t];
    i64 set = g->letter_sets[t * g->longest + j];
    const u64 *live = g->live + g->live_at[t];
    for (i64 c = 0; c < 26; c++)
        counts[c] = 0;
    if (g->size[t] <= blocks * bits((u64)set)) {
        const uint8_t *letters = g->letters + g->letters_at[t] + j;
        for (i64 k = 0; k < blocks; k++)
            for (u64 x = live[k]; x; x &= x - 1)
                counts[letters[(64 * k + __builtin_ctzll(x)) * length]] += 1;
    } else {
        const u64 *masks = g->masks + g->mask_at[t * g->longest + j];
        for (u64 x = (u64)set; x; x &= x - 1) {
            i64 c = __builtin_ctzll(x);
            const u64 *mask = masks + c * blocks;
            i64 count = 0;
            for (i64 k = 0; k < blocks && count < PROMISE_CAP; k++)
                count += bits(live[k] & mask[k]);
            counts[c] = count;
        }
    }
    for (i64 c = 0; c < 26; c++)
        counts[c] = counts[c] < PROMISE_CAP ? counts[c] : PROMISE_CAP;
}

/* log10 of what each letter at each open crossing of slot s leaves the crossing slot (crossing_counts),
 * in logs[i * 26 + c]; open[i] whether position i crosses a slot still open. */
static void crossing_logs(const Grid *g, i64 s, double *logs, int *open) {
    for (i64 i = 0; i < g->lengths[s]; i++) {
        i64 t = g->cross_t[s * g->longest + i];
        open[i] = t >= 0 && g->size[t] > 1;
        if (!open[i])
            continue;
        i64 counts[26];
        crossing_counts(g, t, g->cross_j[s * g->longest + i], counts);
        for (i64 c = 0; c < 26; c++)
            logs[i * 26 + c] = log10((double)counts[c]);
    }
}

/* How well word w of slot s keeps its open crossings alive: the mean over the crossing slots still open of
 * log10 of the candidates each keeps with w's letter at the shared cell, each at most PROMISE_CAP (0 when it
 * crosses no open slot; logs and open from crossing_logs). The log of the product of the crossings'
 * supports, so that a word leaving one crossing few candidates and the others many can still beat one
 * leaving every crossing barely enough. */
static double promise_of(const Grid *g, i64 s, i64 w, const double *logs, const int *open) {
    i64 length = g->lengths[s];
    const uint8_t *word = g->letters + g->letters_at[s] + w * length;
    double total = 0.0;
    i64 crossings = 0;
    for (i64 i = 0; i < length; i++) {
        if (!open[i])
            continue;
        total += logs[i * 26 + word[i]];
        crossings += 1;
    }
    return crossings > 0 ? total / (double)crossings : 0.0;
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
    double logs[32 * 26];
    int open[32];
    if (promise > 0.0)
        crossing_logs(g, s, logs, open);
    i64 best = -1;
    double best_key = 0.0;
    const u64 *live = g->live + g->live_at[s];
    for (i64 k = 0, blocks = blocks_of(g, s); k < blocks; k++)
        for (u64 x = live[k]; x; x &= x - 1) {
            i64 w = 64 * k + __builtin_ctzll(x);
            double key = keys[w];
            if (promise > 0.0)
                key += promise * promise_of(g, s, w, logs, open);
            if (best < 0 || key > best_key) {
                best = w;
                best_key = key;
            }
        }
    return best;
}

/* The scratch space of a call: the removed words of the longest slot's blocks, the letters of a slot. */
static int scratch(Grid *g) {
    i64 blocks = 1;
    for (i64 s = 0; s < g->slots; s++)
        blocks = blocks_of(g, s) > blocks ? blocks_of(g, s) : blocks;
    g->gone = malloc((size_t)blocks * sizeof(u64));
    g->dead = malloc((size_t)(2 * 26 * g->longest + 2) * sizeof(i64));
    return g->gone != NULL && g->dead != NULL;
}

static void release(Grid *g) {
    free(g->gone);
    free(g->dead);
}

#define GRID_ARGUMENTS                                                                                       \
    u64 *live, i64 *live_at, i64 *size, i64 *letter_sets, i64 *lengths, uint8_t *letters, i64 *letters_at,   \
        i64 *words, i64 *group, i64 *cross_t, i64 *cross_j, i64 *cross_id, u64 *masks, i64 *mask_at,          \
        i64 *witness, double *weights, i64 *wipeouts, i64 distinct, i64 slots, i64 longest

#define GRID_INIT(events, singles, trail)                                                                    \
    {live, live_at, size, letter_sets, lengths, letters, letters_at, words, group, cross_t, cross_j, cross_id, \
     masks, mask_at, witness, weights, wipeouts, distinct, slots, longest, events, singles, trail, 0, 0, 0, 0, 0, 0, 0, 0}

/* The queued events and singles propagated; result = (failed slot or -1, trail length); -2: out of memory. */
void grid_propagate(GRID_ARGUMENTS, i64 *events, i64 n_events, i64 *singles, i64 n_singles, i64 *trail,
                    i64 n_trail, i64 *result) {
    Grid g = GRID_INIT(events, singles, trail);
    g.n_events = n_events;
    g.n_singles = n_singles;
    g.n_trail = n_trail;
    if (!scratch(&g)) {
        release(&g);
        result[0] = -2, result[1] = n_trail;
        return;
    }
    result[0] = propagate_queue(&g);
    result[1] = g.n_trail;
    release(&g);
}

static i64 search(Grid *g, double *keys, i64 *keys_at, i64 *stack, i64 *cursor, i64 node_limit, i64 *out,
                  double promise);

/* Depth-first search from the state in the arrays, resumable through stack and cursor
 * (cursor = depth, trail length, nodes, resume-by-backtracking flag), pruned by n_nogoods learnt nogoods.
 * OUT_FULL with a fill's word per slot in out, DONE when the space is exhausted, NODE_LIMIT once cursor[2]
 * reaches node_limit; -1: out of memory. */
i64 grid_search(GRID_ARGUMENTS, double *keys, i64 *keys_at, i64 *events, i64 *singles, i64 *trail, i64 *stack,
                i64 *cursor, i64 node_limit, i64 *out, double promise, i64 *nogoods, i64 *nogood_at,
                i64 n_nogoods) {
    Grid g = GRID_INIT(events, singles, trail);
    g.nogoods = nogoods, g.nogood_at = nogood_at, g.n_nogoods = n_nogoods;
    i64 why = scratch(&g) ? search(&g, keys, keys_at, stack, cursor, node_limit, out, promise) : -1;
    release(&g);
    return why;
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
