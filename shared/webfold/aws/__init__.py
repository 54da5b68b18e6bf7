"""AWS edge: names, storage and state shared by the Lambda handlers and the local stack."""
