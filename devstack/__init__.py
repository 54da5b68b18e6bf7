"""The development stack: the Webfold pipeline on one machine, never shipped.

moto's server stands in for AWS (`stack`), a dispatcher for the SQS event source
mappings (`dispatcher`), and the functions of `functions/` run in-process (`handlers`).
It lives outside `shared/`, so the Lambda layer carries no module that imports moto.

    python -m devstack --drop page.html     # from the repository root
"""
