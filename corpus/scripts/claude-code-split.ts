/** Which fetched repositories form the validation split of the Claude Code corpus (the rest are train). */

// About 30 % of the repositories and of the messages, holding real positives of every hook where they exist.
// The replay-bench sessions come from these, so the bench measures text the scorers were not trained on.
export const VALIDATION_REPOS: ReadonlySet<string> = new Set(['aryaniyaps/dot-ai', 'fabien-lessirard/dotfiles',
  'LeoDChen/claude-config', '213MD/my-profile-site', 'dotalbot/pai_config_knowledge', 'WenJ-He/SinglePTZ-FaceTrack',
  'Prathiv-Raj/Phishing_Framework',
  'Schofield90/atlas-fitness-onboarding', 'borja-rojo-ilvento/dotfiles', 'R3zil/duck_town', 'huzhongyin/ai-dofiles',
  'natori-hrj/dotfiles', 'Quiago/tripolar-chat', 'deder01/config_files', 'gouchan/agent-swarm-config', 'caochitam/aos',
  'sgan0420/blockchain-dex-events', 'LuisUma92/dotfiles', 'Sarthib7/FundWise', 'samar-58/scout', 'chloebrett/slay'])

// Also in the Codex helper's half of the corpus: left out of this half so no repository can land in both splits.
export const SHARED_WITH_CODEX: ReadonlySet<string> = new Set(['Xu-Wentao/dotfile'])

// Repositories found in a second search round take at most 40 messages each, so every message could still be read.
export const SECOND_ROUND: ReadonlySet<string> = new Set(['13562964800/claude-skills', 'CaptainRandom00/Claude-Code',
  'Damon-Salvetore/claude-code', 'Eduardodmb/ClaudeHome', 'Eiji1202/dotclaude', 'Jason-liu-0219/my-claude',
  'KaceyBui/Claude-global-test', 'LeoDChen/claude-config', 'RickH555/claude-skill', 'dotalbot/pai_config_knowledge',
  '213MD/my-profile-site', 'K3RN-LABS/k3rn.labs', 'Prathiv-Raj/Phishing_Framework', 'WenJ-He/SinglePTZ-FaceTrack',
  'ahmedarafa994/eq-prediction'])
