//! Scenario tests: positions drawn in ASCII with known scores under each ruleset.
