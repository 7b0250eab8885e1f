import comm
import pytest

from .page import PageComm


@pytest.fixture(autouse=True, scope="package")
def page_comm():
    """Every board made in these tests talks to a recording page (see page.py)."""
    original = comm.create_comm
    comm.create_comm = PageComm
    yield
    comm.create_comm = original
