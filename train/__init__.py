"""The learned evaluation's training: its variants, data, model and trainer (train/README.md)."""
