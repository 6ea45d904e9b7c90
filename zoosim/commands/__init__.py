"""The command line's commands, one module per area, each with `register(app)`: the top layer, beside
`cli.py`. Thin: each command parses its options and calls the layer that does the work."""
