// A plain compiled Letter Boxed solver, the kind of peer issue #15 compares against: load a word list
// into a trie, walk the trie along the box (no two letters of one side in a row) to find the valid
// words, then print every two-word solution. Standard library only:
//     rustc -O -o letterboxed_trie letterboxed_trie.rs
//     ./letterboxed_trie RMEWCLTGKAPI words.txt
use std::collections::{HashMap, HashSet};
use std::env;
use std::fs;

struct Trie {
    children: Vec<[u32; 26]>,
    terminal: Vec<bool>,
}

impl Trie {
    fn new() -> Trie {
        Trie { children: vec![[0; 26]], terminal: vec![false] }
    }

    fn insert(&mut self, word: &[u8]) {
        let mut node = 0usize;
        for &byte in word {
            let letter = (byte - b'a') as usize;
            if self.children[node][letter] == 0 {
                self.children.push([0; 26]);
                self.terminal.push(false);
                self.children[node][letter] = (self.children.len() - 1) as u32;
            }
            node = self.children[node][letter] as usize;
        }
        self.terminal[node] = true;
    }
}

struct Found {
    word: String,
    mask: u32,
}

fn walk(trie: &Trie, box_letters: &[u8], side: &[usize], node: usize, at: usize, prefix: &mut Vec<u8>,
        mask: u32, found: &mut Vec<Found>) {
    if trie.terminal[node] && prefix.len() >= 3 {
        found.push(Found { word: String::from_utf8(prefix.clone()).unwrap(), mask });
    }
    for next in 0..box_letters.len() {
        if side[next] == side[at] {
            continue;
        }
        let child = trie.children[node][(box_letters[next] - b'a') as usize];
        if child != 0 {
            prefix.push(box_letters[next]);
            walk(trie, box_letters, side, child as usize, next, prefix, mask | 1 << next, found);
            prefix.pop();
        }
    }
}

fn main() {
    let args: Vec<String> = env::args().skip(1).collect();
    if args.len() != 2 {
        eprintln!("usage: letterboxed_trie SIDES WORDS_FILE (SIDES like RME-WCL-TGK-API or RMEWCLTGKAPI)");
        std::process::exit(2);
    }
    let sides: Vec<Vec<u8>> = if args[0].contains('-') {
        args[0].to_lowercase().split('-').map(|s| s.bytes().collect()).collect()
    } else {
        args[0].to_lowercase().as_bytes().chunks(3).map(|c| c.to_vec()).collect()
    };
    let box_letters: Vec<u8> = sides.concat();
    let side: Vec<usize> = sides.iter().enumerate().flat_map(|(i, s)| std::iter::repeat(i).take(s.len())).collect();
    let text = fs::read(&args[1]).expect("cannot read the word list");
    let mut trie = Trie::new();
    for line in text.split(|&b| b == b'\n') {
        let word = line.strip_suffix(b"\r").unwrap_or(line);
        if !word.is_empty() && word.iter().all(|b| b.is_ascii_lowercase()) {
            trie.insert(word);
        }
    }
    let mut found = Vec::new();
    for start in 0..box_letters.len() {
        let child = trie.children[0][(box_letters[start] - b'a') as usize];
        if child != 0 {
            let mut prefix = vec![box_letters[start]];
            walk(&trie, &box_letters, &side, child as usize, start, &mut prefix, 1 << start, &mut found);
        }
    }
    let mut seen = HashSet::new();
    found.retain(|f| seen.insert(f.word.clone()));
    let mut by_first: HashMap<u8, Vec<usize>> = HashMap::new();
    for (i, f) in found.iter().enumerate() {
        by_first.entry(f.word.as_bytes()[0]).or_default().push(i);
    }
    let full = (1u32 << box_letters.len()) - 1;
    let mut solutions = Vec::new();
    for first in &found {
        let last = *first.word.as_bytes().last().unwrap();
        for &j in by_first.get(&last).map(|v| v.as_slice()).unwrap_or(&[]) {
            if first.mask | found[j].mask == full {
                solutions.push(format!("{}-{}", first.word.to_uppercase(), found[j].word.to_uppercase()));
            }
        }
    }
    solutions.sort();
    println!("{} valid words, {} two-word solutions", found.len(), solutions.len());
    for solution in solutions {
        println!("{}", solution);
    }
}
