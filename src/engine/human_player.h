// Players that play like people of a given rating (issue 45, part 3; docs/human.md "Human
// players"): `human-R`, R an Elo rating on the scale of the expert-game database's player
// ratings (core/player_ratings.h). In the opening, while its position is among those people
// reached often enough (data/human-openings.bin, core/human_openings.h), the player chooses
// among the moves people played there, with their frequencies, weighted toward the players
// of its rating band; after it, it values every legal move with the analysis the model was
// fitted on (midgame depth D, exact from E empties; SearchLimits.depth and endgame_empties
// override them) and draws its move from the model of human move choice for its rating
// (data/human-model.bin, core/human_model.h). Under a budget (SearchLimits' nodes, time or
// both) it values the moves depth by depth (1, 2, .. up to D, then the solve), each pass
// complete for every move within what is left (the analysis' node budget, AnalysisOptions::
// nodes), and draws from the deepest complete pass: a node-limited player stays within its
// nodes (but for the last search's overrun between two stop polls) and plays the same
// whatever the load. The same seed gives the same game.
//
// Both files are compiled in (engine/human_data.cpp.in, from data/ at configure time) in
// the native builds; the web build compiles in only the model (880 bytes) and is given the
// openings at run time (use_human_openings: the page downloads data/human-openings.bin
// the first time a human player is chosen; docs/human.md "On the page").
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "core/human_model.h"
#include "core/human_openings.h"
#include "engine/player.h"

namespace reversi {

inline constexpr int kHumanMinRating = 1000, kHumanMaxRating = 3000;

// The form (docs/human.md, "Form from game to game"): a person does not play every game at
// their rating (Elo's model: a game's performance spread normally around it, 200 points a
// player), and a player of fixed strength upsets too rarely (human-2300 against human-1900
// scored 97.1% where Elo expects 90.9%). So `human-R` plays each game at a rating drawn
// around R, its *played rating*: R plus a normal spread of kHumanFormSigma points (the sum
// of 12 uniforms less 6: plain arithmetic, the same numbers natively and in the browser),
// rounded, within kHumanMinRating..kHumanMaxRating. The model's weights and the openings'
// band are those of the played rating. Drawn from `seed` alone (a stream of its own, not
// the moves'): the same seed, the same form.
inline constexpr int kHumanFormSigma = 200;
int human_form_rating(int rating, std::uint64_t seed);

// Whether this build holds the human players' model (the openings may come later:
// human_openings_ready()).
bool human_players_available();
// Whether `name` names a human player ("human-R"; make_human_player checks R).
inline bool is_human_player_name(std::string_view name) { return name.substr(0, 6) == "human-"; }
// Whether the openings are here: compiled in, or given by use_human_openings.
bool human_openings_ready();
// The openings file's bytes given at run time to a build without them compiled in, read by
// HumanOpenings::parse (`source` names the file in its errors). Once given they stay (the
// players made hold them): a second call changes nothing and succeeds.
Status use_human_openings(std::span<const std::uint8_t> bytes, std::string_view source);
// The compiled-in model and openings (an error when this build has none, or when the
// compiled-in bytes do not read: a build from a damaged data file).
Expected<const HumanModel*> builtin_human_model();
Expected<const HumanOpenings*> builtin_human_openings();

// The human players of player_list() (empty without the data).
std::vector<PlayerInfo> human_player_list();
// `human-R`; nullptr for a name that is not "human-..." ; an error for a bad rating.
Expected<std::unique_ptr<Player>> make_human_player(std::string_view name, std::uint64_t seed);
// A human player of `rating` on the given model and openings (openings may be null: none);
// both must outlive the player.
std::unique_ptr<Player> make_human_player(int rating, std::uint64_t seed, const HumanModel& model,
                                          const HumanOpenings* openings);

}  // namespace reversi
