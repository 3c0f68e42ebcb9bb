"""The command line speaks to a person in the terminal's language, as gettext reads it
(LANGUAGE, then LC_ALL, LC_MESSAGES, LANG), where Photolala has the language; else English."""
from cli import photolala

PASSWORD = "correct horse battery\n"


def test_the_command_line_speaks_the_terminals_language(tmp_path):
    data = str(tmp_path / "data")
    # German from LANG: what it says, and what it refuses
    german = {"LANG": "de_DE.UTF-8"}
    empty = photolala(tmp_path, "users", "list", "--data", data, env=german)
    assert empty.returncode == 0 and empty.stdout.startswith("Noch keine Konten."), empty
    added = photolala(tmp_path, "users", "add", "ada", "--role", "admin", "--data", data, env=german, stdin=PASSWORD)
    assert added.returncode == 0 and added.stdout.strip() == "ada angelegt (Admin).", added
    short = photolala(tmp_path, "users", "add", "max", "--data", data, env=german, stdin="short\n")
    assert short.returncode != 0 and "Passwort" in short.stderr and "characters" not in short.stderr, short
    # Japanese through LANGUAGE's list, ahead of a French locale
    taken = photolala(tmp_path, "users", "add", "ada", "--data", data, env={"LANG": "fr_FR.UTF-8", "LANGUAGE": "ja:fr"}, stdin=PASSWORD)
    assert taken.returncode != 0 and "ada" in taken.stderr and any("\u3040" <= c <= "\u30ff" for c in taken.stderr), taken
    # Arabic from LC_MESSAGES, a scan's report with its counts
    library = tmp_path / "Pictures"
    library.mkdir()
    scanned = photolala(tmp_path, "scan", "--library", str(library), "--data", data, env={"LANG": "de_DE.UTF-8", "LC_MESSAGES": "ar_EG.UTF-8"})
    assert scanned.returncode == 0 and "فحص" in scanned.stdout and "Scanned" not in scanned.stdout, scanned
    # and English for a C locale, whatever LANGUAGE asks, and for a language Photolala does not have
    for env in ({"LANG": "C.UTF-8", "LANGUAGE": "de"}, {"LANG": "pt_BR.UTF-8"}):
        removed = photolala(tmp_path, "users", "remove", "nobody", "--data", data, env=env)
        assert removed.returncode != 0 and "There is no account called “nobody”." in removed.stderr, (env, removed)
