"""The local stack: template.yaml's functions behind an HTTP server, over an embedded DynamoDB, SNS and SQS."""
