"""E-mail operations' Lambda entry points (one-click unsubscribe) and the adapters they share."""
