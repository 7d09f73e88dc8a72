"""One module knows the folders: shipped assets, and per-user folders that PIE_TABLE_HOME can move."""

from pie_table import paths


def test_assets_are_the_shipped_folder():
    assert (paths.assets_dir("fonts")).is_dir() and paths.assets_dir("rules").is_dir()


def test_pie_table_home_holds_every_per_user_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    assert paths.config_dir() == tmp_path / "config"
    assert paths.data_dir() == tmp_path / "data"
    assert paths.saves_dir() == tmp_path / "data" / "saves"
    assert not (tmp_path / "config").exists()  # nothing is created until a file is written


def test_without_the_variable_the_platform_folders_are_used(monkeypatch):
    monkeypatch.delenv("PIE_TABLE_HOME", raising=False)
    assert paths.data_dir().name == "pie_table"
