/* The grid filler's search in C (see puzzlewright/grid/kernel.py for what it does and
 * puzzlewright/grid/kernel_numba.py for the same search in numba, which it follows step for step).
 *
 * Every array is a numpy buffer owned by Python: int64 unless noted, 2-D and 3-D ones in C order:
 * support[slots][longest][26], cross_t/cross_j/cross_id[slots][longest], by_letter_at[slots][longest][27],
 * events[][3], trail[][2], stack[][4]. alive and letters are uint8 (letters: 0-25, the bulk of what a removal
 * reads, so bytes keep it in cache), by_letter, support, after and before int32 (half the cache lines of
 * int64); weights and keys are double.
 *
 * after/before link each slot's candidates in word order (dancing links): slot s owns the entries from
 * alive_at[s] + s, the first its list's head, entry 1 + w word w; each holds the next (previous) entry of its
 * list, 0 for the head. A removal unlinks a word; undoing removals in reverse order relinks them, so walking
 * a slot's list visits its candidates in word order at a cost of its candidates alone. */

#include <math.h>
#include <stdint.h>

typedef int64_t i64;

enum { DONE = 0, NODE_LIMIT = 1, OUT_FULL = 2 };  /* puzzlewright.native's codes */

#ifndef PROMISE_CAP
#define PROMISE_CAP 1000 /* crossings keeping this many candidates or more are all as good */
#endif

typedef struct {
    uint8_t *alive;
    i64 *alive_at, *size;
    int32_t *support;
    i64 *lengths;
    uint8_t *letters;
    i64 *letters_at, *words, *group;
    i64 *cross_t, *cross_j, *cross_id, *by_letter_at;
    int32_t *by_letter;
    double *weights;
    i64 *wipeouts;
    int32_t *after, *before;
    i64 distinct, slots, longest;
    i64 *events, *singles, *trail;
    i64 n_events, n_singles, n_trail;
    i64 *nogoods, *nogood_at; /* nogood n's decisions: (slot, word) pairs nogoods[2k..] for k in at[n]..at[n+1] */
    i64 n_nogoods;
} Grid;

/* Remove word w from slot s: update supports, queue the letters that lost their last support and the
 * slot if it has one word left. (The hot loop: what it reads is held in locals, since a store to a count
 * could otherwise alias the Grid's fields and make the compiler reload them every letter.) */
static void remove_word(Grid *g, i64 s, i64 w) {
    i64 at = g->alive_at[s], longest = g->longest;
    g->alive[at + w] = 0;
    int32_t *after = g->after + at + s, *before = g->before + at + s;
    after[before[w + 1]] = after[w + 1];
    before[after[w + 1]] = before[w + 1];
    g->size[s] -= 1;
    g->trail[2 * g->n_trail] = s;
    g->trail[2 * g->n_trail + 1] = w;
    g->n_trail += 1;
    i64 length = g->lengths[s];
    const uint8_t *word = g->letters + g->letters_at[s] + w * length;
    int32_t *support = g->support + s * longest * 26;
    const i64 *crossed = g->cross_t + s * longest;
    i64 *events = g->events, n_events = g->n_events;
    for (i64 i = 0; i < length; i++) {
        i64 c = word[i];
        if (--support[i * 26 + c] == 0 && crossed[i] >= 0) {
            events[3 * n_events] = s;
            events[3 * n_events + 1] = i;
            events[3 * n_events + 2] = c;
            n_events += 1;
        }
    }
    g->n_events = n_events;
    if (g->size[s] == 1) {
        g->singles[g->n_singles] = s;
        g->n_singles += 1;
    }
}

/* Put back every removal after trail position mark. */
static void undo(Grid *g, i64 mark) {
    i64 n_trail = g->n_trail, longest = g->longest;
    const i64 *trail = g->trail, *alive_at = g->alive_at, *lengths = g->lengths, *letters_at = g->letters_at;
    int32_t *after = g->after, *before = g->before, *supports = g->support;
    i64 *size = g->size;
    while (n_trail > mark) {
        n_trail -= 1;
        i64 s = trail[2 * n_trail];
        i64 w = trail[2 * n_trail + 1];
        i64 head = alive_at[s] + s;
        g->alive[alive_at[s] + w] = 1;
        after[head + before[head + w + 1]] = (int32_t)(w + 1);
        before[head + after[head + w + 1]] = (int32_t)(w + 1);
        size[s] += 1;
        i64 length = lengths[s];
        const uint8_t *word = g->letters + letters_at[s] + w * length;
        int32_t *support = supports + s * longest * 26;
        for (i64 i = 0; i < length; i++)
            support[i * 26 + word[i]] += 1;
    }
    g->n_trail = n_trail;
}

/* Slot t ran out of candidates when position i of slot s lost its last letter: the crossing's weight and
 * t's wipeouts count it; t is the failed slot. */
static i64 wiped_out(Grid *g, i64 s, i64 i, i64 t) {
    g->weights[g->cross_id[s * g->longest + i]] += 1;
    g->wipeouts[t] += 1;
    return t;
}

/* The first candidate of slot s (in word order), -1 when it has none. */
static i64 first_word(Grid *g, i64 s) {
    return g->after[g->alive_at[s] + s] - 1;
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
            i64 at = g->by_letter_at[(t * g->longest + j) * 27 + c];
            i64 stop = g->by_letter_at[(t * g->longest + j) * 27 + c + 1];
            if (g->size[t] < stop - at) {
                /* fewer candidates than words with c there: walk the candidates (the same words, in the same order) */
                const int32_t *after = g->after + g->alive_at[t] + t;
                i64 length = g->lengths[t];
                const uint8_t *letters = g->letters + g->letters_at[t] + j;
                for (i64 p = after[0]; p != 0;) {
                    i64 next = after[p];
                    if (letters[(p - 1) * length] == c) {
                        remove_word(g, t, p - 1);
                        if (g->size[t] == 0)
                            return wiped_out(g, s, i, t);
                    }
                    p = next;
                }
                continue;
            }
            const uint8_t *alive = g->alive + g->alive_at[t];
            const int32_t *by_letter = g->by_letter;
            for (i64 k = at; k < stop; k++) {
                i64 w = by_letter[k];
                if (alive[w]) {
                    remove_word(g, t, w);
                    if (g->size[t] == 0)
                        return wiped_out(g, s, i, t);
                }
            }
            continue;
        }
        g->n_singles -= 1;
        i64 s = g->singles[g->n_singles];
        if (!g->distinct || g->size[s] != 1)
            continue;
        i64 w = first_word(g, s);
        for (i64 u = 0; u < g->slots; u++) {
            if (u != s && g->group[u] == g->group[s] && g->alive[g->alive_at[u] + w]) {
                remove_word(g, u, w);
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
            if (!g->alive[g->alive_at[s] + w] || (g->size[s] > 1 && open >= 0)) {
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
        remove_word(g, g->nogoods[2 * open], g->nogoods[2 * open + 1]);
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

#define GRID_ARGUMENTS                                                                                       \
    uint8_t *alive, i64 *alive_at, i64 *size, int32_t *support, i64 *lengths, uint8_t *letters, i64 *letters_at, \
        i64 *words, i64 *group, i64 *cross_t, i64 *cross_j, i64 *cross_id, i64 *by_letter_at, int32_t *by_letter, \
        double *weights, i64 *wipeouts, int32_t *after, int32_t *before, i64 distinct, i64 slots, i64 longest

#define GRID_INIT(events, singles, trail)                                                                    \
    {alive, alive_at, size, support, lengths, letters, letters_at, words, group, cross_t, cross_j, cross_id, \
     by_letter_at, by_letter, weights, wipeouts, after, before, distinct, slots, longest, events, singles, trail, 0, 0, 0, 0, 0, 0}

/* The queued events and singles propagated; result = (failed slot or -1, trail length). */
void grid_propagate(GRID_ARGUMENTS, i64 *events, i64 n_events, i64 *singles, i64 n_singles, i64 *trail,
                    i64 n_trail, i64 *result) {
    Grid g = GRID_INIT(events, singles, trail);
    g.n_events = n_events;
    g.n_singles = n_singles;
    g.n_trail = n_trail;
    result[0] = propagate_queue(&g);
    result[1] = g.n_trail;
}

/* Depth-first search from the state in the arrays, resumable through stack and cursor
 * (cursor = depth, trail length, nodes, resume-by-backtracking flag), pruned by n_nogoods learnt nogoods.
 * OUT_FULL with a fill's word per slot in out, DONE when the space is exhausted, NODE_LIMIT once cursor[2]
 * reaches node_limit. */
i64 grid_search(GRID_ARGUMENTS, double *keys, i64 *keys_at, i64 *events, i64 *singles, i64 *trail, i64 *stack,
                i64 *cursor, i64 node_limit, i64 *out, double promise, i64 *nogoods, i64 *nogood_at,
                i64 n_nogoods) {
    Grid g = GRID_INIT(events, singles, trail);
    g.nogoods = nogoods, g.nogood_at = nogood_at, g.n_nogoods = n_nogoods;
    i64 depth = cursor[0];
    g.n_trail = cursor[1];
    i64 nodes = cursor[2];
    int failing = cursor[3] == 1;
    if (depth == 0 && !failing && n_nogoods > 0) {
        /* the root: what the nogoods remove before any decision */
        g.n_events = 0;
        g.n_singles = 0;
        if (settle(&g) >= 0) {
            cursor[1] = g.n_trail, cursor[3] = 0;
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
                undo(&g, top[2]);
                if (top[3] == 1) {
                    depth -= 1;
                    continue;
                }
                top[3] = 1;
                g.n_events = 0;
                g.n_singles = 0;
                remove_word(&g, top[0], top[1]);
                int failed = g.size[top[0]] == 0;
                if (!failed)
                    failed = settle(&g) >= 0;
                if (failed) {
                    undo(&g, top[2]);
                    depth -= 1;
                    continue;
                }
                flipped = 1;
                break;
            }
            if (!flipped) {
                cursor[0] = depth, cursor[1] = g.n_trail, cursor[2] = nodes, cursor[3] = 0;
                return DONE;
            }
        }
        i64 s = choose(&g);
        if (s < 0) {
            for (i64 u = 0; u < slots; u++)
                out[u] = first_word(&g, u);
            cursor[0] = depth, cursor[1] = g.n_trail, cursor[2] = nodes, cursor[3] = 1;
            return OUT_FULL;
        }
        if (nodes >= node_limit) {
            cursor[0] = depth, cursor[1] = g.n_trail, cursor[2] = nodes, cursor[3] = 0;
            return NODE_LIMIT;
        }
        nodes += 1;
        i64 best = -1;
        double best_key = 0.0;
        int32_t *links = after + alive_at[s] + s;
        for (i64 p = links[0]; p != 0; p = links[p]) {
            i64 k = p - 1;
            double key = keys[keys_at[s] + k];
            if (promise > 0.0)
                key += promise * promise_of(&g, s, k);
            if (best < 0 || key > best_key) {
                best = k;
                best_key = key;
            }
        }
        i64 *decision = &stack[4 * depth];
        decision[0] = s, decision[1] = best, decision[2] = g.n_trail, decision[3] = 0;
        depth += 1;
        g.n_events = 0;
        g.n_singles = 0;
        for (i64 p = links[0]; p != 0;) {
            i64 next = links[p];
            if (p - 1 != best)
                remove_word(&g, s, p - 1);
            p = next;
        }
        failing = settle(&g) >= 0;
    }
}
