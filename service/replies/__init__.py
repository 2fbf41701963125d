"""Playing by e-mail (issue 23): a move is a reply. `tokens.py` the reply addresses, `mail.py` reading a raw mail,
`port.py` what the service takes (the reader of reply words and the answer's renderer), `inbound.py` the service."""
