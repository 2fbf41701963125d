"""The e-mail channel: which notices become e-mails, what they say, unsubscribe and SES feedback."""
