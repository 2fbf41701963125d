"""The push channel: devices, which notices become pushes, what they say."""
