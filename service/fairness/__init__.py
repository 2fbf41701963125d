"""Provably fair games (issue 24, docs/fairness.md): the draws' generator, the seed, the proof."""
