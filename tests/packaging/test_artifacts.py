"""What the Makefile's targets build for Lambda (as `sam build` runs them), checked in the built artifacts.

The layer is built for this machine (LAYER_PLATFORM) so that python3.12 can import it here; the Lambda build
differs only in pydantic_core's compiled module. python3.12 is required, as for `sam build`: without it these
tests fail with the Makefile's message.
"""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from devtools import artifacts
from devtools.local.sam import functions
from devtools.template import TEMPLATE_PATH, load_template
from web.serving import STATIC

OURS = {"domain", "service", "infra", "functions", "web"}
NEVER = ("aws_xray_sdk", "moto", "devtools", "tests", "bench", "boto3")
NOT_IN_API_FUNCTIONS = ("infra.channels", "service.notices.plan")  # the notifier's


@dataclass(frozen=True)
class Built:
    python: str
    function: Path
    layer: Path


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    try:
        python = artifacts.lambda_python()
    except artifacts.NoLambdaPython as missing:
        pytest.fail(f"python3.12 is required to build and check the Lambda artifacts: {missing}")
    root = tmp_path_factory.mktemp("artifacts")
    function = artifacts.build("BuyFunction", root / "function")
    layer = artifacts.build(artifacts.LAYER, root / "layer", LAYER_PLATFORM=artifacts.host_platform())
    return Built(python, function, layer / "python")


def _python_files(tree: Path) -> list[Path]:
    return sorted(p for p in artifacts.files(tree) if p.suffix == ".py")


def _pyc_of(source: Path) -> Path:
    return source.parent / "__pycache__" / f"{source.stem}.cpython-312.pyc"


def _magic(python: str) -> bytes:
    code = "import importlib.util, sys; sys.stdout.write(importlib.util.MAGIC_NUMBER.hex())"
    return bytes.fromhex(subprocess.run([python, "-c", code], capture_output=True, text=True, check=True).stdout)


def _check_bytecode(python: str, sources: list[Path]) -> None:
    magic = _magic(python)
    for source in sources:
        header = _pyc_of(source).read_bytes()[:8]
        # PEP 552: flags 0b01 = hash-based and unchecked, so the zip's timestamps never matter.
        assert header[:4] == magic and int.from_bytes(header[4:8], "little") == 0b01, source


def test_the_function_ships_our_packages_as_source_and_python312_bytecode_only(built: Built) -> None:
    tree = built.function
    assert {p.name for p in tree.iterdir()} == OURS
    sources = _python_files(tree)
    # The web page's files are the only data files (web/static, as in the checkout).
    static = {tree / "web" / "static" / p.relative_to(STATIC) for p in artifacts.files(STATIC)}
    expected = set(sources) | {_pyc_of(s) for s in sources} | static
    assert set(artifacts.files(tree)) == expected  # nothing else: no stray caches
    assert not (tree / "functions" / "openapi.py").exists()  # `make openapi`'s, never run by Lambda
    assert not (tree / "web" / "catalogue.py").exists()  # writes web/static/catalogue.json; never run by Lambda
    _check_bytecode(built.python, sources)


def test_the_layer_holds_the_requirements_compiled_and_no_tracing_sdk(built: Built) -> None:
    names = {p.name for p in built.layer.iterdir()}
    assert {"pydantic", "pydantic_core", "aws_lambda_powertools"} <= names
    assert not names & {"aws_xray_sdk", "botocore", "boto3", "bin", "wrapt"}
    _check_bytecode(built.python, _python_files(built.layer))


CHECK = """
import importlib, json, os, sys
from pathlib import Path
os.environ.update(POWERTOOLS_SERVICE_NAME="distilled", POWERTOOLS_METRICS_NAMESPACE="Test",
                  AWS_DEFAULT_REGION="eu-west-1")
given = json.loads(sys.argv[1])
for module in given["modules"]:
    importlib.import_module(module)
if given.get("event"):
    from functions import container
    from infra.store import InMemoryEventStore, MemoryTable
    from service.bootstrap import Given
    commits = {g: {int(v): row for v, row in rows.items()} for g, rows in given["commits"].items()}
    container.install(Given(store=InMemoryEventStore(MemoryTable(commits=commits))))
    class Context:
        function_name, memory_limit_in_mb, aws_request_id = "Test", 512, "test"
        invoked_function_arn = "arn:aws:lambda:eu-west-1:123456789012:function:Test"
        def get_remaining_time_in_millis(self): return 10_000
    answer = sys.modules[given["modules"][0]].lambda_handler(given["event"], Context())
    assert answer["statusCode"] == 200, answer
files = {name: getattr(m, "__file__", None) for name, m in list(sys.modules.items())}
stdlib = str(Path(os.__file__).parent)
print(json.dumps({"files": files, "stdlib": stdlib, "names": sorted(sys.stdlib_module_names)}))
"""


def _loaded(built: Built, given: dict[str, object]) -> dict[str, str | None]:
    """The modules (and their files) a fresh python3.12 has loaded after `CHECK` ran, on Lambda's path."""
    env = {"PYTHONPATH": f"{built.function}:{built.layer}", "PYTHONNOUSERSITE": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    # Run from the artifact's folder: `-c` puts the working directory first on the path (never the checkout).
    done = subprocess.run([built.python, "-c", CHECK, json.dumps(given)], env=env, cwd=built.function,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    stdlib, files, stdlib_names = out["stdlib"], out["files"], set(out["names"])
    libraries = {p.name.removesuffix(".py") for p in built.layer.iterdir()}
    for name, file in files.items():
        top = name.split(".")[0]
        assert top not in NEVER, name
        if file is None or file.startswith(stdlib):  # built in, frozen, or the standard library's
            assert top in stdlib_names or top in ("__main__", "_sysconfigdata") or file is not None, name
            continue
        home = built.function if top in OURS else built.layer if top in libraries else None
        assert home is not None and file.startswith(str(home)), (name, file)
    return files


def test_a_command_function_imports_and_answers_from_the_artifact_with_only_what_it_needs(built: Built) -> None:
    from bench.cold_start_bench import fixture

    given = fixture()
    loaded = _loaded(built, {"modules": [given["module"]], "commits": given["commits"], "event": given["event"]})
    assert not [m for m in loaded if m.startswith(NOT_IN_API_FUNCTIONS)]


def test_no_api_function_imports_the_notifiers_channels(built: Built) -> None:
    specs = functions(load_template(TEMPLATE_PATH), TEMPLATE_PATH.parent)
    # Not API functions: the notifier, and the inbound mail's, which answers by e-mail (infra.channels) too.
    api = sorted({s.module for s in specs.values() if s.module not in ("functions.notifier", "functions.mail.inbound")})
    assert len(api) > 20
    loaded = _loaded(built, {"modules": api})
    assert not [m for m in loaded if m.startswith(NOT_IN_API_FUNCTIONS)]
    # (Both are left out: they build their AWS clients' configuration at import, from the runtime's botocore.)
