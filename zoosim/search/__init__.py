"""Search, apart from the games: the algorithm a `search` player runs, written once and knowing no game.

A game's `search` policy gives this package a shortlist of candidate moves and one numba function,
`evaluate(ctx, candidate, sample) -> float`, that plays candidate `candidate` forward on determinisation `sample`
(the hidden information re-dealt from the search's own stream, the same for every candidate: common random
numbers) to a horizon and values the result for the searching seat. `halving.sequential_halving` spends a
budget of such playouts over the shortlist and names the candidate to play; `streams` keys the search's random
numbers on (seed, game index, seat, decision, sample), so a game stays a pure function of rules, seed, game index
and policies. Budgets are counted in playouts, never in seconds.
"""
