"""New York Zoo's printed components: `data.py` loads `data.toml` (tiles, boards, rondel) into Python
structures and numpy tables; `tables.py` lays them out as the constant arrays the numba code reads."""
