//! The command line, read by clap's builder API (no derive macros: nothing to compile but
//! clap itself). Each command module describes its options (`command()`, with help texts
//! that read their ranges from `plyground::limits`); this module builds the options the
//! same way for every command, wraps what clap matched ([`Args`]) and turns clap's errors
//! into the CLI's one line naming the argument and the reason ([`error_message`]).

use clap::builder::StyledStr;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::parser::ValueSource;
use clap::{Arg, ArgAction, ArgMatches, Command};

/// A command with the settings every command shares: a repeated option keeps its last
/// value, and a value may be given with or without `=`.
pub fn command(name: &'static str, about: &'static str) -> Command {
    Command::new(name).about(about).args_override_self(true)
}

/// `-h`, `--help`: clap's, with a help text in the style of the others.
pub fn help_flag() -> Arg {
    Arg::new("help").short('h').long("help").action(ArgAction::Help).help("this help")
}

/// The help's width: lines of at most 100 characters, whatever the terminal (the help is
/// the same in a terminal and in a pipe).
const WIDTH: usize = 100;
/// How far clap indents an option's help on the line under the option.
const INDENT: usize = 10;

/// A finished command's help laid out: each option's help on the line under it, wrapped,
/// with its default, and `--help` last; the text after the options wrapped paragraph by
/// paragraph.
pub fn lay_out(cmd: Command) -> Command {
    let cmd = cmd.disable_help_flag(true).arg(help_flag());
    let after = cmd.get_after_help().map(|t| wrap(&t.to_string(), WIDTH));
    let cmd = cmd.next_line_help(true).mut_args(|arg| {
        let mut help = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
        if !arg.get_action().takes_values() {
            return arg.help(wrap(&help, WIDTH - INDENT));
        }
        if let [d] = arg.get_default_values() {
            if !d.is_empty() {
                help = format!("{help} (default: {})", d.to_string_lossy());
            }
        }
        arg.help(wrap(&help, WIDTH - INDENT)).hide_default_value(true)
    });
    match after {
        Some(text) => cmd.after_help(text),
        None => cmd,
    }
}

/// `text` with its lines broken at spaces into lines of at most `width` characters.
fn wrap(text: &str, width: usize) -> String {
    let mut lines = Vec::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        for word in paragraph.split(' ') {
            if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
                lines.push(std::mem::take(&mut line));
            } else if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        lines.push(line);
    }
    lines.join("\n")
}

/// An option without a value: `--name`.
pub fn flag(name: &'static str, help: impl Into<StyledStr>) -> Arg {
    Arg::new(name).long(name).action(ArgAction::SetTrue).help(help.into())
}

/// An option with a value: `--name VALUE` or `--name=VALUE`. The value may start with a
/// dash (`--values -5..5`): the command checks it and names the option when it is wrong.
pub fn opt(name: &'static str, value: &'static str, help: impl Into<StyledStr>) -> Arg {
    Arg::new(name).long(name).value_name(value).allow_hyphen_values(true).help(help.into())
}

/// The one positional argument (`TREE`, `ANSWERS`), required. Its help says what it is;
/// the error when it is missing quotes it.
pub fn input(name: &'static str, help: impl Into<StyledStr>) -> Arg {
    Arg::new(name).value_name(name).required(true).allow_negative_numbers(true).help(help.into())
}

/// The positional TREE.
pub fn tree_input() -> Arg {
    input("TREE", "tree text, or - to read it from stdin")
}

/// What clap matched for one command.
pub struct Args(pub ArgMatches);

impl Args {
    /// Was `--name` given?
    pub fn flag(&self, name: &str) -> bool {
        self.0.get_flag(name)
    }

    /// The value of `--name` (or of the positional `name`).
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.get_one::<String>(name).map(String::as_str)
    }

    /// Was `--name` written on the command line (a flag or an option with a value)?
    pub fn given(&self, name: &str) -> bool {
        self.0.value_source(name) == Some(ValueSource::CommandLine)
    }

    /// The value of `--name` as a number.
    pub fn number<T: std::str::FromStr>(&self, name: &str) -> Result<Option<T>, String> {
        match self.get(name) {
            None => Ok(None),
            Some(v) => v.parse::<T>().map(Some).map_err(|_| format!("--{name}: '{v}' is not a valid number")),
        }
    }

    /// The positional TREE: its text, or standard input's for `-`.
    pub fn tree_text(&self) -> Result<String, String> {
        match self.get("TREE") {
            Some("-") => {
                let mut s = String::new();
                std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)
                    .map_err(|e| format!("reading stdin: {e}"))?;
                Ok(s)
            }
            Some(t) => Ok(t.to_string()),
            None => Err("missing TREE".into()),
        }
    }

    /// The positional TREE parsed, with the place of any error.
    pub fn tree(&self) -> Result<plyground::games::tree::Tree, String> {
        plyground::games::tree::Tree::try_parse(&self.tree_text()?)
            .map_err(|e| format!("tree {}:{}: {}", e.line, e.column, e.message))
    }
}

/// The arguments as text: the first that is not UTF-8 is named, with its first stray byte.
pub fn text_args(argv: Vec<std::ffi::OsString>) -> Result<Vec<String>, String> {
    argv.into_iter()
        .enumerate()
        .map(|(i, a)| {
            a.into_string().map_err(|a| {
                let bytes = a.as_encoded_bytes();
                let at = std::str::from_utf8(bytes).err().map_or(0, |e| e.valid_up_to());
                format!("argument {i} is not UTF-8 text (byte 0x{:02X} at byte {})", bytes[at], at + 1)
            })
        })
        .collect()
}

/// A clap error as one line (without the `plyground: ` prefix): the argument and the
/// reason, and the close match when there is one. `cli` is the whole command and `sub`
/// the command being read, if any (to say what it takes instead of an extra argument).
pub fn error_message(e: &clap::Error, cli: &Command, sub: Option<&str>) -> String {
    let text = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.as_str()),
        Some(ContextValue::Strings(v)) => v.first().map(String::as_str),
        _ => None,
    };
    // Clap names an option with its value ("--depth <D>"): the option alone.
    let arg = text(ContextKind::InvalidArg).map(|a| a.split(' ').next().unwrap_or(a)).unwrap_or("");
    let value = text(ContextKind::InvalidValue);
    match e.kind() {
        ErrorKind::InvalidSubcommand => {
            let name = text(ContextKind::InvalidSubcommand).unwrap_or("");
            match text(ContextKind::SuggestedSubcommand) {
                Some(s) => format!("unknown command '{name}' (did you mean '{s}'?)"),
                None => format!("unknown command '{name}' (try: plyground help)"),
            }
        }
        ErrorKind::UnknownArgument if arg.starts_with('-') && arg != "-" => {
            match text(ContextKind::SuggestedArg) {
                Some(s) => format!("unknown option '{arg}' (did you mean '{s}'?)"),
                None => format!("unknown option '{arg}'"),
            }
        }
        ErrorKind::UnknownArgument => {
            let sub = sub.and_then(|s| cli.find_subcommand(s));
            match sub.map(|c| (c.get_name(), c.get_positionals().next())) {
                Some((name, Some(p))) => {
                    format!(
                        "unexpected argument '{arg}' ({name} takes one {}; quote text with spaces)",
                        p.get_id()
                    )
                }
                Some((name, None)) => format!("unexpected argument '{arg}' ({name} takes only options)"),
                None => format!("unexpected argument '{arg}'"),
            }
        }
        ErrorKind::MissingRequiredArgument => {
            // Clap writes the positional as "<TREE>": what it is comes from its help.
            let id = arg.trim_matches(['<', '>']);
            let input = sub
                .and_then(|s| cli.find_subcommand(s))
                .and_then(|c| c.get_positionals().find(|p| p.get_id() == id).and_then(|p| p.get_help()));
            match input {
                Some(help) => format!("missing {id} ({help})"),
                None => format!("missing {id}"),
            }
        }
        ErrorKind::InvalidValue if value == Some("") => format!("{arg} needs a value"),
        ErrorKind::TooManyValues => format!("{arg} takes no value"),
        // Any other error: clap's first line, which names the argument.
        _ => {
            let rendered = e.render().to_string();
            let first = rendered.lines().next().unwrap_or("");
            first.strip_prefix("error: ").unwrap_or(first).to_string()
        }
    }
}
