"""The typed spine (puzzlewright.schema and each puzzle's schema module): validation gives one clear line
naming the field, results validate against the published models (library, CLI --json, web), the web's
OpenAPI document carries the real schemas, and the CLI's fast paths stay free of pydantic."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from puzzlewright.errors import PuzzleInputError
from puzzlewright.letterboxed import api as letterboxed
from puzzlewright.letterboxed.schema import GenerateResult, Solution, SolveRequest, SolveResult, WordsResult
from puzzlewright.schema import DictionaryOptions, adapter, dump_json, json_schemas, validate


@pytest.mark.parametrize("data, message", [
    ({"sides": "RME-WCL-TGK-API", "max_word": 2}, "unknown field 'max_word' (did you mean 'max_words'?)"),
    ({"sides": "RME-WCL-TGK-API", "max_words": 9}, "field 'max_words' must be at most 5, not 9"),
    ({"sides": "RME-WCL-TGK-API", "limit": -1}, "field 'limit' must be at least 0, not -1"),
    ({"sides": "RME-WCL-TGK-API", "max_words": True}, "field 'max_words' must be an integer, not a boolean"),
    ({"sides": "RME-WCL-TGK-API", "max_words": "3"}, "field 'max_words' must be an integer, not a string"),
    ({"sides": "RME-WCL-TGK-API", "min_commonness": float("nan")}, "field 'min_commonness' must be a finite"),
    ({"sides": ["RME", 3]}, "field 'sides[1]' must be a string, not an integer"),
    ({"sides": 12}, "field 'sides' must be a list or a string, not an integer"),
    ({}, "missing field 'sides'"),
    ("RME-WCL-TGK-API", "a request must be a JSON object, not str"),
    ({"sides": "RME-WCL-TGK-API", "extra_words": [1]}, "field 'extra_words[0]' must be a string"),
])
def test_bad_requests_are_one_line_naming_the_field(data, message):
    with pytest.raises(PuzzleInputError) as caught:
        validate(SolveRequest, data)
    assert str(caught.value).startswith(message) and "\n" not in str(caught.value)


def test_a_valid_mapping_becomes_the_model_and_a_model_passes_as_it_is():
    request = validate(SolveRequest, {"sides": ["RME", "WCL", "TGK", "API"], "min_commonness": 3})
    assert request == SolveRequest(sides=["RME", "WCL", "TGK", "API"], min_commonness=3.0)
    assert validate(SolveRequest, request) is request


def test_dictionary_options_choose_the_lexicon_once():
    from puzzlewright.lexicon import load_lexicon

    assert DictionaryOptions().lexicon() is load_lexicon("english")
    words = DictionaryOptions(words=["Cat", "DOG"], extra_words="emu").lexicon()
    assert sorted(words.words) == ["cat", "dog", "emu"]
    assert DictionaryOptions(dict="english", min_commonness=5).lexicon() is DictionaryOptions(
        dict="english", min_commonness=5).lexicon()  # derived lexicons are memoised
    with pytest.raises(PuzzleInputError, match="unknown dictionary 'klingon'"):
        DictionaryOptions(dict="klingon").lexicon()
    with pytest.raises(PuzzleInputError, match="'words' is empty"):
        DictionaryOptions(words=[]).lexicon()


def test_results_validate_against_their_models():
    for result, model in ((letterboxed.solve({"sides": "RME-WCL-TGK-API"}), SolveResult),
                          (letterboxed.words({"sides": "RME-WCL-TGK-API"}), WordsResult),
                          (letterboxed.generate({"random_seed": 2, "show_solution": True}), GenerateResult)):
        assert adapter(model).validate_json(dump_json(result)) == result


def test_cli_json_validates_against_the_published_models(cli):
    for arguments, model in ((["solve", "RME-WCL-TGK-API", "--json"], SolveResult),
                             (["solve", "RME-WCL-TGK-API", "--words", "--json"], WordsResult),
                             (["generate", "--random-seed", "4", "--json"], GenerateResult)):
        result = cli("letterboxed", *arguments)
        assert result.exit_code == 0, result.stderr
        adapter(model).validate_json(result.stdout)


def test_json_schemas_are_named_by_title_and_refer_to_each_other():
    schemas = json_schemas([SolveRequest, SolveResult])
    assert {"LetterboxedSolveRequest", "LetterboxedSolveResult", "LetterboxedSolution"} <= set(schemas)
    request = schemas["LetterboxedSolveRequest"]
    assert request["additionalProperties"] is False and request["required"] == ["sides"]
    max_words = request["properties"]["max_words"]
    assert max_words["anyOf"][0]["maximum"] == 5 and max_words["anyOf"][1] == {"type": "null"}
    assert "up to this many words" in max_words["description"]
    solutions = schemas["LetterboxedSolveResult"]["properties"]["solutions"]
    assert solutions["items"] == {"$ref": "#/components/schemas/LetterboxedSolution"}


def test_web_openapi_publishes_the_models_and_refuses_unknown_fields():
    pytest.importorskip("httpx2")
    from fastapi.testclient import TestClient

    from puzzlewright.web import create_app

    client = TestClient(create_app())
    document = client.get("/openapi.json").json()
    operation = document["paths"]["/api/letterboxed/solve"]["post"]
    body = operation["requestBody"]["content"]["application/json"]["schema"]
    answer = operation["responses"]["200"]["content"]["application/json"]["schema"]
    assert body == {"$ref": "#/components/schemas/LetterboxedSolveRequest"}
    assert answer == {"$ref": "#/components/schemas/LetterboxedSolveResult"}
    assert "LetterboxedSolution" in document["components"]["schemas"]
    response = client.post("/api/letterboxed/solve", json={"sides": "RME-WCL-TGK-API", "max_wrds": 2})
    assert response.status_code == 422
    assert response.json() == {"error": "unknown field 'max_wrds' (did you mean 'max_words'?)"}
    solved = client.post("/api/letterboxed/solve", json={"sides": "RME-WCL-TGK-API"})
    adapter(SolveResult).validate_json(solved.content)


def test_every_endpoint_example_answers_with_its_published_model():
    """Each web verb's example request (its request model's own) is answered with JSON its result model
    validates, and the OpenAPI document shows that same example."""
    pytest.importorskip("httpx2")
    from fastapi.testclient import TestClient

    from puzzlewright.web import create_app
    from puzzlewright.web.endpoints import ENDPOINTS

    client = TestClient(create_app(search_seconds=20))
    paths = client.get("/openapi.json").json()["paths"]
    for endpoint in ENDPOINTS:
        request_model, result_model = endpoint.models() or (None, None)
        assert result_model is not None, endpoint.path
        assert validate(request_model, endpoint.example) is not None
        assert paths[endpoint.path]["post"]["requestBody"]["content"]["application/json"]["example"] == endpoint.example
        response = client.post(endpoint.path, json=endpoint.example)
        assert response.status_code == 200, (endpoint.path, response.text)
        adapter(result_model).validate_json(response.content)


def test_typed_results_read_naturally():
    result = letterboxed.solve(SolveRequest(sides="RME-WCL-TGK-API"))
    assert str(result.best) in {"PRAGMATIC-CAKEWALK", "WIGWAM-MARKETPLACE", "MARKETPLACE-EARWIG"}
    assert len(result) == 5 and [str(solution) for solution in result][0] == str(result.best)
    assert repr(result).startswith("<Letter Boxed RME-WCL-TGK-API: 5 solution(s) in 2 words")
    picture = result._repr_html_()
    assert picture.count("<polyline") == 2 and ">R</text>" in picture


def test_cli_letterboxed_solve_imports_neither_pydantic_nor_numpy(tmp_path):
    """Nor the rendering (start-up: benchmarks/startup.py)."""
    unwanted = ('pydantic', 'numpy', 'annotated_types', 'puzzlewright.letterboxed.render')
    code = ("import sys; from puzzlewright.cli.main import main\n"
            "try: main(['letterboxed', 'solve', 'RME-WCL-TGK-API', '--json'])\n"
            "except SystemExit: pass\n"
            f"print(json.dumps(sorted(m for m in {unwanted!r} if m in sys.modules)),"
            " file=sys.stderr)")
    environment = {**os.environ, "PUZZLEWRIGHT_CACHE": str(tmp_path)}
    for _ in range(2):  # the first run builds the index cache file (with numpy); the second reads it
        done = subprocess.run([sys.executable, "-c", "import json\n" + code], capture_output=True, text=True,
                              timeout=60, env=environment)
    assert json.loads(done.stderr.strip().splitlines()[-1]) == []
    assert json.loads(done.stdout)["solutions"][0]["words"] in (["pragmatic", "cakewalk"], ["wigwam", "marketplace"],
                                                              ["marketplace", "earwig"])


def test_the_models_are_handed_out_by_the_package_under_their_usual_names():
    import puzzlewright as pw
    from puzzlewright.letterboxed import schema

    for name in ("WordsRequest", "WordsResult", "WordEntry", "GenerateRequest", "GenerateResult", "GeneratedPuzzle"):
        model = getattr(schema, name)
        assert model is getattr(pw.letterboxed, name) and model.__name__ == name
    assert pw.letterboxed.render_box is pw.letterboxed.render.render_box
    with pytest.raises(AttributeError):
        schema.NoSuchModel
    with pytest.raises(AttributeError):
        pw.letterboxed.no_such_name
    words = pw.letterboxed.words("RME-WCL-TGK-API", dict="english")
    assert isinstance(words, schema.WordsResult) and words.count == len(words) > 100
    assert validate(schema.WordsRequest, {"sides": "RME-WCL-TGK-API"}) == schema.WordsRequest(sides="RME-WCL-TGK-API")


def test_models_without_generated_methods_compare_and_print_like_dataclasses():
    assert Solution(words=["A", "B"], score=1.0) == Solution(words=["A", "B"], score=1.0)
    assert Solution(words=["A", "B"], score=1.0) != Solution(words=["A", "B"], score=2.0)
    assert SolveRequest(sides="RME-WCL-TGK-API") != DictionaryOptions(dict="english-letterboxed")
    assert repr(Solution(words=["A"], score=0.5)) == "Solution(words=['A'], score=0.5, contributions=None)"
    assert repr(DictionaryOptions()).startswith("DictionaryOptions(dict='english', words=None,")
    with pytest.raises(TypeError):
        hash(Solution(words=["A"], score=0.5))  # mutable and compared by value, as a dataclass would be
