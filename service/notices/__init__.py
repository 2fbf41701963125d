"""Notices: who must be told after a commit, and each channel that tells them (e-mail, push, webhook)."""
