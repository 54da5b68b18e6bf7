"""Webfold's AWS infrastructure: one CDK app, one construct per concern."""
