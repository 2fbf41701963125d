"""The webhook channel: which URLs may be set, queueing deliveries, signing and sending them."""
