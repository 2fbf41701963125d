"""Play by e-mail: a move is a reply.

The words: `words.py` (a seat's numbered choices and a reply line read back; `phrases.py`, `labels.py`) and
`answer.py` (the answer to a reply). The way in: `tokens.py` (the reply addresses), `mail.py` (reading a raw mail),
`port.py` (what the inbound service takes: the reader of reply words and the answer's renderer), `inbound.py` and
`run.py` (the service)."""
