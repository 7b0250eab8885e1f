"""The class server: a JupyterHub for one class, with nbgrader's exchange (see server.py)."""
