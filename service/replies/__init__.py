"""Play by e-mail: the reply words (words.py, phrases.py, labels.py) and the answer to a reply (answer.py)."""
