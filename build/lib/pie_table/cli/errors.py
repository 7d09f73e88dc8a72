"""The command line's one error type."""


class CliError(Exception):
    """A user mistake on the command line: printed as one line, exit code 2."""
