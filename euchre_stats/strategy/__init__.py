"""Strategy tables over whole classes of hands: classes, computation, resumable runs, executors
(local or dask), summaries, charts and ``advise``.

May import every layer below, decide included.
"""
