"""Notification channels: one module per channel (SNS, and the in-memory fakes tests use)."""
