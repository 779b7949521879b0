// What `omlint init` writes. The examples are commented lines inside flow collections (a comma
// after each), so that uncommenting any of them, or all, leaves valid YAML and a valid config
// (test/cli/init.test.ts uncomments each one and loads the result).
export const STARTER_CONFIG = `# omlint configuration: https://github.com/omlint/omlint#configuration
# The commented lines below are examples: remove the "# " in front of any of them to use it.

# Severities per rule id (omlint rules lists them): off | info | warning | error (ESLint's warn, 0, 1, 2 too).
rules: {
  # read-only-field: off,
  # enabled-omitted: error,
}

# Per-path settings (later entries win). A pattern without "/" matches file names anywhere.
# scope: one project scope for the cross-document rules.
overrides: [
  # { files: ["alerts/**/*.yaml"], kind: alert-config, rules: { enabled-omitted: error } },
  # { files: ["prod/**"], scope: production },
]

# Files never linted (globs).
ignore: [
  # "generated/**",
]

# The Ops Manager version the documents are for: features it removed and fields it does not know yet are errors.
# targetVersion: "8.0"

# Values that are placeholders, not secrets (regular expressions).
secretPlaceholders: [
  # "^CHANGE_ME$",
]
`;
