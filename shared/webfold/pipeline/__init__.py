"""The Lambda side of Webfold: the handlers' logic and data access (S3 I/O, URL state,
engines, messages, keys, telemetry), shipped in the layer. No moto here: the local
stack lives in `devstack/`, outside the package."""
