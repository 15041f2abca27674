/* A plain trie walk that counts word squares: the compiled peer of `puzzlewright acrostic count`
 * (benchmarks/speed.py builds it with cc when there is one).
 *
 *     trie_walk WORDS_FILE [double] [canonical]
 *
 * WORDS_FILE holds words of one length N (3-10), one per line, lowercase a-z. Cells are filled in reading
 * order; a cell takes a letter that extends both its row's and its column's prefix in one trie of the
 * words (26 child slots and a 26-bit mask of them per node). `double`: all 2N words distinct; `canonical`: a square and its
 * transpose count once (the one whose rows, read in order, sort first). Prints the count and the nodes
 * (letters placed).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_N 10
typedef struct { int child[26]; int word; unsigned mask; } Node;

static Node *trie;
static int nodes_used, n, words;
static int grid[MAX_N][MAX_N], row_node[MAX_N][MAX_N + 1], col_node[MAX_N][MAX_N + 1], ids[2 * MAX_N];
static int want_double, want_canonical;
static long long squares, placed;

static int new_node(void) {
    memset(&trie[nodes_used], -1, sizeof(Node));
    trie[nodes_used].mask = 0;
    return nodes_used++;
}

static void insert(const char *word, int id) {
    int node = 0;
    for (int i = 0; i < n; i++) {
        int letter = word[i] - 'a';
        if (trie[node].child[letter] < 0) {
            int made = new_node();
            trie[node].child[letter] = made;
            trie[node].mask |= 1u << letter;
        }
        node = trie[node].child[letter];
    }
    trie[node].word = id;
}

static int square_ok(void) {
    for (int j = 0; j < n; j++) ids[n + j] = trie[col_node[j][n]].word;
    if (want_double)
        for (int x = 0; x < 2 * n; x++)
            for (int y = x + 1; y < 2 * n; y++)
                if (ids[x] == ids[y]) return 0;
    if (want_canonical)
        for (int p = 0; p < n * n; p++) {
            int here = grid[p / n][p % n], there = grid[p % n][p / n];
            if (here != there) return here < there;
        }
    return 1;
}

static void fill(int k, int j) {
    const Node *row_prefix = &trie[row_node[k][j]], *col_prefix = &trie[col_node[j][k]];
    const int *row = row_prefix->child, *col = col_prefix->child;
    for (unsigned both = row_prefix->mask & col_prefix->mask; both; both &= both - 1) {
        int letter = __builtin_ctz(both);
        placed++;
        grid[k][j] = letter;
        row_node[k][j + 1] = row[letter];
        col_node[j][k + 1] = col[letter];
        if (j < n - 1) {
            fill(k, j + 1);
            continue;
        }
        ids[k] = trie[row[letter]].word;
        int repeated = 0;
        for (int q = 0; want_double && q < k; q++) repeated |= ids[q] == ids[k];
        if (repeated) continue;
        if (k < n - 1) fill(k + 1, 0);
        else squares += square_ok();
    }
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s WORDS_FILE [double] [canonical]\n", argv[0]);
        return 2;
    }
    FILE *file = fopen(argv[1], "r");
    if (!file) {
        perror(argv[1]);
        return 2;
    }
    for (int i = 2; i < argc; i++) {
        want_double |= strcmp(argv[i], "double") == 0;
        want_canonical |= strcmp(argv[i], "canonical") == 0;
    }
    char line[64];
    int capacity = 1 << 16;
    trie = malloc(sizeof(Node) * (size_t)capacity * MAX_N);
    new_node();
    while (fgets(line, sizeof line, file)) {
        line[strcspn(line, "\r\n")] = 0;
        int length = (int)strlen(line);
        if (length == 0) continue;
        if (n == 0) n = length;
        if (length != n || n > MAX_N || words >= capacity) {
            fprintf(stderr, "words must all have the same length (3-%d), at most %d of them\n", MAX_N, capacity);
            return 2;
        }
        insert(line, words++);
    }
    fclose(file);
    for (int j = 0; j < n; j++) row_node[j][0] = col_node[j][0] = 0;
    fill(0, 0);
    printf("%lld squares, %lld nodes\n", squares, placed);
    return 0;
}
