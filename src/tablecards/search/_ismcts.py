"""The ``ismcts`` bot: single-observer information-set Monte Carlo tree search for any game.

Cowling, Powley and Whitehouse (2012), "Information Set Monte Carlo Tree Search", IEEE TCIAIG
4(2). One tree over the bot's information sets: each iteration draws a determinisation of the
match from the bot's :class:`~tablecards.InformationSet`, walks down the tree choosing among the
actions legal in that determinisation by UCB (counting, for each action, how often it was
*available*, since what is legal varies between determinisations), adds one node, plays the
determinisation on with random actions and credits every node on the way with the result of the
seat that chose it. Opponents' decisions are nodes of the same tree, chosen by UCB for their
own result. In an open moment (several seats may act), the seat that speaks is drawn as the
engine's default arbiter does, except at the root, where the bot decides for itself.

At a moment where everyone answers on their own (:meth:`~tablecards.Game.simultaneous`), no
seat's choice in the tree may depend on another's answer in the same moment: every answering
seat chooses by UCB from its own statistics at the node where the moment opened (decoupled, as
in simultaneous-move MCTS), never from the children below another seat's answer, and the tree
goes on below all the answers together once the moment closes. The others' real answers are
never read: the determinisation draws them again, and the search chooses them anew.

Options let a game lend the search its judgement (a registered bot as opponent model, playout
guide or prior; the game's :meth:`~tablecards.Game.playout_action` policy in the playouts and
for the opponents) or compare the bot's actions on the same luck (``paired``); a game names the
ones that suit it in :meth:`~tablecards.Game.search_options`.
"""

from __future__ import annotations

import functools
import inspect
import math
import random
import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

from tablecards.core._actions import Action
from tablecards.core._errors import TablecardsError
from tablecards.core._game import declares
from tablecards.core._simultaneous import play, reopen, waiting_now

if TYPE_CHECKING:
    from tablecards.core._game import Game
    from tablecards.core._state import State
    from tablecards.search._infoset import InformationSet

__all__ = ["DEFAULT_ITERATIONS", "IsmctsBot"]

#: Iterations per decision of the registered ``ismcts`` bot.
DEFAULT_ITERATIONS: Final = 200

#: Rounds a playout may start beyond the one in play before it is scored as it stands.
DEFAULT_PLAYOUT_ROUNDS: Final = 1

#: How often a playout plays the legal action with the best average so far (MAST).
DEFAULT_MAST: Final = 0.0

#: Actions a playout may take before it is scored as it stands.
DEFAULT_PLAYOUT_MOVES: Final = 100

#: How a playout is scored: ``"gain"`` scores a playout cut short by each seat's gain since the
#: decision against the others' (``"share"``: by the match as it stands).
REWARDS: Final = ("gain", "share")
DEFAULT_REWARD: Final = "gain"

#: The part of a decision's iterations added to the visits of the prior bot's choice.
DEFAULT_PRIOR_SHARE: Final = 0.2


class _Node:
    """A node of the tree: the statistics of the action that leads to it.

    At a moment where everyone answers on their own, the node where the moment opens holds
    every answering seat's statistics among its ``children`` (keyed by seat and action, as
    anywhere), and the positions after the moment closes under ``after``, keyed by all the
    answers together.
    """

    __slots__ = ("after", "avail", "children", "reward", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.avail = 1
        self.reward = 0.0
        self.children: dict[tuple[int, Action], _Node] = {}
        self.after: dict[tuple[tuple[int, Action], ...], _Node] | None = None


class IsmctsBot:
    """A search bot for every game: information-set MCTS over determinisations.

    It never reads the real hidden state: runners give it its seat's
    :class:`~tablecards.InformationSet` (it is a :class:`~tablecards.SearchBot`), and it plays
    forward from determinisations drawn from that. For a given generator it is deterministic
    when its budget is a number of iterations.

    Args:
        game: the game (unused: the information set says it; kept for the registry's factory).
        seat: the bot's seat.
        iterations: iterations per decision (ignored when ``seconds`` is given).
        seconds: a time budget per decision instead (results then depend on the machine).
        exploration: the UCB exploration constant ``c`` (rewards lie in 0..1).
        playout_rounds: how many round changes a playout may cross before it stops and the
            match is scored as it stands (the current leaders share the win); ``None`` plays
            every playout to the end of the match.
        playout_moves: how many actions a playout may take before it is scored as it stands.
        score_weight: how much of a playout's reward is the seat's score (placed between the
            lowest and the highest, 0..1) rather than its share of the win.
        playout_bot: a registered bot's name: it plays the first ``guided_moves`` actions of
            each playout instead of random choices (it builds a view at every action: slower).
        guided_moves: see ``playout_bot``.
        mast: the chance that a playout plays the legal action whose average reward is the best
            so far in this decision's search, instead of a random one (the Move-Average
            Sampling Technique); 0 plays at random.
        reward: how a playout cut short is scored (see ``REWARDS``).
        opponent_bot: a registered bot's name: it plays the other seats inside the tree
            (their moves are then not searched); it builds a view at every such move.
        prior_bot: a registered bot's name: its choice gets ``prior_share`` of the iterations
            as extra visits when the bot picks its move, so the search overrules it only when
            clearly better.
        prior_share: see ``prior_bot``.
        policy_playouts: playouts follow the game's :meth:`Game.playout_action
            <tablecards.Game.playout_action>` (read from the imagined state: much cheaper than
            ``playout_bot``); random where the game has no such policy.
        policy_opponents: the game's ``playout_action`` plays the other seats inside the tree,
            like ``opponent_bot`` but without views; where it returns ``None`` they are
            searched.
        paired: instead of a tree, every iteration plays *each* of the bot's actions on from
            the same determinisation with the same random choices after it (common random
            numbers), and the bot picks the best average. Where luck dwarfs the difference
            between two moves (a card game's next draws), comparing them on the same luck
            needs far fewer iterations to tell them apart. It costs one playout per action
            per iteration.
    """

    uses_view: ClassVar[bool] = False

    def __init__(
        self,
        game: Game[Any] | None = None,
        seat: int = 0,
        *,
        iterations: int = DEFAULT_ITERATIONS,
        seconds: float | None = None,
        exploration: float = 0.7,
        playout_rounds: int | None = DEFAULT_PLAYOUT_ROUNDS,
        playout_moves: int = DEFAULT_PLAYOUT_MOVES,
        score_weight: float = 0.5,
        playout_bot: str | None = None,
        guided_moves: int = 1000,
        mast: float = DEFAULT_MAST,
        reward: str = DEFAULT_REWARD,
        opponent_bot: str | None = None,
        prior_bot: str | None = None,
        prior_share: float = DEFAULT_PRIOR_SHARE,
        policy_playouts: bool = False,
        policy_opponents: bool = False,
        paired: bool = False,
    ) -> None:
        if iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"seconds must be positive, not {seconds}")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if not prior_share >= 0:
            raise ValueError(f"prior_share must not be negative, not {prior_share}")
        self.seat = seat
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.playout_rounds = playout_rounds
        self.playout_moves = playout_moves
        self.score_weight = score_weight
        self.playout_bot = playout_bot
        self.guided_moves = guided_moves
        self._guides: list[Any] | None = None
        self.mast = mast
        self.reward = reward
        self.opponent_bot = opponent_bot
        self._opponents: list[Any] | None = None
        self.prior_bot = prior_bot
        self.prior_share = prior_share
        self._prior: Any = None
        self.policy_playouts = policy_playouts
        self.policy_opponents = policy_opponents
        self.paired = paired
        # "gain": the running mean of the largest margin of each cut playout, this decision.
        self._scale_sum = 0.0
        self._scale_count = 0
        # MAST: every action's total reward and count for whoever played it, this decision.
        self._values: dict[Action, list[float]] = {}
        #: Iterations run for the last decision (0 when the choice was forced).
        self.last_iterations = 0

    def __repr__(self) -> str:
        # The seat, then each option that differs from the constructor's default.
        shown = [f"seat={self.seat}"]
        for name, parameter in inspect.signature(IsmctsBot.__init__).parameters.items():
            if parameter.kind is inspect.Parameter.KEYWORD_ONLY:
                value = getattr(self, name)
                if value != parameter.default:
                    shown.append(f"{name}={value!r}")
        return f"{type(self).__name__}({', '.join(shown)})"

    @classmethod
    def for_game(cls, game: Game[Any], seat: int = 0, **options: Any) -> IsmctsBot:
        """The bot tuned for ``game``: its :meth:`Game.search_options
        <tablecards.Game.search_options>`, then ``options`` over them (the registered
        ``ismcts`` bot is ``IsmctsBot.for_game(game, seat)``).

        Raises:
            ValueError: an option is out of range.
            TypeError: an option is unknown.
        """
        return cls(game, seat, **{**game.search_options(), **options})

    def choose(
        self, view: Mapping[str, Any], actions: Sequence[Action], rng: random.Random
    ) -> Action:
        """Refuse: the search needs its seat's information set, which a bare view is not.

        Raises:
            TablecardsError: always; drive the bot with :func:`tablecards.play`,
                :func:`tablecards.simulate` or :func:`tablecards.bot_choice`.
        """
        raise TablecardsError(
            "the ismcts bot needs its seat's information set, not a bare view: ask it through "
            "tablecards.bot_choice (as tablecards.play and simulate do)"
        )

    def choose_in(
        self, info: InformationSet, actions: Sequence[Action], rng: random.Random
    ) -> Action:
        """Search from ``info`` and return the most visited of ``actions`` (with ``paired``:
        the one with the best average reward)."""
        self.last_iterations = 0
        if len(actions) == 1:
            return actions[0]
        root = _Node()
        self._values = {}
        self._scale_sum, self._scale_count = 0.0, 0
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        iterate = self._iterate_paired if self.paired else self._iterate
        while True:
            iterate(info, root, rng, actions)
            done += 1
            if deadline is None:
                if done >= self.iterations:
                    break
            elif done % 8 == 0 and time.perf_counter() >= deadline:
                break
        self.last_iterations = done
        seat = self.seat
        prior = self._prior_choice(info, actions, rng)
        bonus = self.prior_share * done

        def score(action: Action) -> float:
            visits = _visits(root.children.get((seat, action)))
            return visits + bonus if action == prior else visits

        if self.paired:
            # Every action has as many playouts: compare their mean rewards (the prior's
            # bonus is then that share of the reward range, 0..1).
            def score(action: Action) -> float:
                child = root.children[seat, action]
                mean = child.reward / child.visits
                return mean + self.prior_share if action == prior else mean

        return max(actions, key=score)

    def _prior_choice(
        self, info: InformationSet, actions: Sequence[Action], rng: random.Random
    ) -> Action | None:
        if self.prior_bot is None:
            return None
        if self._prior is None:
            self._prior = _factory(info.game, self.prior_bot)(info.game, self.seat)
        chosen: Action = self._prior.choose(info.view(), actions, rng)
        return chosen

    # -- one iteration ----------------------------------------------------------------------

    def _iterate_paired(
        self, info: InformationSet, root: _Node, rng: random.Random, actions: Sequence[Action]
    ) -> None:
        """Play each of ``actions`` on from one determinisation, with the same random stream
        after it, and credit each root child with the bot's reward (``paired``)."""
        match = info.determinise(rng)
        game = match.game
        seat = self.seat
        moves, limit = match.moves + 1, match.move_limit
        before = game.scores(match.state) if self.reward == "gain" else None
        stream = rng.getrandbits(64)
        children = root.children
        for action in actions:
            state = match.state.clone()
            _applier(game)(state, seat, action)
            child = children.get((seat, action)) or children.setdefault((seat, action), _Node())
            trail = [(seat, action)]
            rewards = self._playout(game, state, moves, limit, random.Random(stream), trail, before)
            child.visits += 1
            child.reward += rewards[seat]
            if self.mast:
                _learn(self._values, trail, rewards)

    def _iterate(
        self,
        info: InformationSet,
        root: _Node,
        rng: random.Random,
        actions: Sequence[Action] = (),
    ) -> None:
        match = info.determinise(rng)
        game = match.game
        state = match.state
        moves, limit = match.moves, match.move_limit
        path: list[tuple[int, _Node]] = []
        node = root
        seat = self.seat
        c = self.exploration
        legal_of = game.legal_actions
        apply = _applier(game)
        expanded = False
        trail: list[tuple[int, Action]] = []
        before = game.scores(state) if self.reward == "gain" else None
        opponents = self._opponents_for(game, state.players)
        policy = game.playout_action if self.policy_opponents else None
        moments = _Moments(game, state, seat)
        actor = seat  # at the root, the bot decides for itself
        while not state.over and moves < limit:
            if moves > match.moves:
                to_act = waiting_now(game, state) or state.to_act
                actor = to_act[0] if len(to_act) == 1 else to_act[rng.randrange(len(to_act))]
            legal = legal_of(state, actor)
            children = moments.choosing(node, state).children
            modelled = None
            if actor != seat:
                # The game's policy or the opponents' model plays for them (the policy first,
                # where it decides); their moves still branch the tree (the seat sees what they
                # did), but never count as the iteration's expansion.
                if policy is not None:
                    modelled = legal[0] if len(legal) == 1 else policy(state, actor, legal, rng)
                if modelled is None and opponents is not None:
                    modelled = _modelled(game, state, actor, legal, moves, opponents[actor], rng)
            if modelled is not None:
                action = modelled
                child = children.get((actor, action)) or children.setdefault(
                    (actor, action), _Node()
                )
            else:
                action, child, expanded = _select(children, actor, legal, c, rng)
                path.append((actor, child))
            apply(state, actor, action)
            moves += 1
            trail.append((actor, action))
            node = moments.after(child, state, actor, action)
            if expanded:
                break
        rewards = self._playout(game, state, moves, limit, rng, trail, before)
        for actor, visited in path:
            visited.visits += 1
            visited.reward += rewards[actor]
        if self.mast:
            _learn(self._values, trail, rewards)

    def _playout(
        self,
        game: Game[Any],
        state: State,
        moves: int,
        limit: int,
        rng: random.Random,
        trail: list[tuple[int, Action]],
        before: Sequence[float] | None = None,
    ) -> list[float]:
        legal_of = game.legal_actions
        apply = _applier(game)
        rounds_of = game.rounds_played
        stop_round = None
        if self.playout_rounds is not None:
            stop_round = rounds_of(state) + self.playout_rounds
        randrange = rng.randrange
        limit = min(limit, moves + self.playout_moves)
        guides = self._guides_for(game, state.players)
        guided = moves + self.guided_moves if guides else moves
        policy = game.playout_action if self.policy_playouts else None
        greedy = self.mast
        values = self._values
        random = rng.random
        while not state.over and moves < limit:
            to_act = waiting_now(game, state) or state.to_act
            actor = to_act[0] if len(to_act) == 1 else to_act[randrange(len(to_act))]
            legal = legal_of(state, actor)
            if len(legal) == 1:
                action = legal[0]
            elif moves < guided:
                action = _modelled(game, state, actor, legal, moves, guides[actor], rng)  # type: ignore[index]
            elif policy is not None and (chosen := policy(state, actor, legal, rng)) is not None:
                action = chosen
            elif greedy and random() < greedy:
                action = _best(values, legal)
            else:
                action = legal[randrange(len(legal))]
            apply(state, actor, action)
            if greedy:
                trail.append((actor, action))
            moves += 1
            if stop_round is not None and rounds_of(state) >= stop_round:
                break
        if before is None or state.over:
            return _rewards(game, state, self.score_weight)
        # "gain" on a playout cut short: what each seat gained since the decision, against the
        # others' mean gain (a multi-round match is won by the sum of such margins), squashed
        # into 0..1 on the scale of the margins this search has seen so far.
        margins = _margins(game.scores(state), before)
        self._scale_sum += max(map(abs, margins))
        self._scale_count += 1
        scale = self._scale_sum / self._scale_count or 1.0
        return [0.5 + 0.5 * math.tanh(margin / scale) for margin in margins]

    def _opponents_for(self, game: Game[Any], players: int) -> list[Any] | None:
        if self.opponent_bot is None:
            return None
        if self._opponents is None or len(self._opponents) != players:
            factory = _factory(game, self.opponent_bot)
            self._opponents = [factory(game, seat) for seat in range(players)]
        return self._opponents

    def _guides_for(self, game: Game[Any], players: int) -> list[Any] | None:
        """The playout bots, one per seat (``None``: random playouts)."""
        if self.playout_bot is None:
            return None
        if self._guides is None or len(self._guides) != players:
            from tablecards.core._errors import UnknownBot

            try:
                factory = _factory(game, self.playout_bot)
            except UnknownBot:
                self.playout_bot = None
                return None
            self._guides = [factory(game, seat) for seat in range(players)]
        return self._guides


class _Moments:
    """Where a walk down the tree stands in a moment where everyone answers on their own.

    Every seat of such a moment chooses from its own statistics at the node where the moment
    opened (keyed by seat and action, as anywhere), never from those below another seat's
    answer: no seat's choice in the tree can depend on what another chose in the same moment.
    The walk stays at that node until the last answer closes the moment, then goes on below
    all the answers together (``_Node.after``).
    """

    __slots__ = ("answers", "game", "node", "secret")

    def __init__(self, game: Game[Any], state: State, seat: int) -> None:
        self.game = game
        self.secret = declares(game)
        self.node: _Node | None = None
        self.answers: list[tuple[int, Action]] = []
        if state.sealed:
            # The others' answers were drawn by the determinisation: the search chooses them.
            reopen(game, state, seat)

    def choosing(self, node: _Node, state: State) -> _Node:
        """The node whose children the seat to act chooses among now."""
        if self.node is None and self.secret and (state.sealed or self.game.simultaneous(state)):
            self.node = node
        return node if self.node is None else self.node

    def after(self, child: _Node, state: State, actor: int, action: Action) -> _Node:
        """The node the walk goes on from once ``actor`` played ``action`` (``child``: its
        statistics)."""
        moment = self.node
        if moment is None:
            return child
        self.answers.append((actor, action))
        if state.sealed:
            return moment  # the moment is still open
        if moment.after is None:
            moment.after = {}
        key = tuple(sorted(dict(self.answers).items()))
        self.node, self.answers = None, []
        return moment.after.get(key) or moment.after.setdefault(key, _Node())


def _applier(game: Game[Any]) -> Any:
    """How the search applies an action: the engine's :func:`play` for a game with moments
    where everyone answers on their own (it holds their answers), else the game's ``apply``."""
    return functools.partial(play, game) if declares(game) else game.apply


def _factory(game: Game[Any], name: str) -> Any:
    """The factory of the bot registered as ``name`` for ``game`` (prior, model, guide)."""
    from tablecards.registry._plugins import registry

    return registry().bot(game.name, name).factory


def _select(
    children: dict[tuple[int, Action], _Node],
    actor: int,
    legal: Sequence[Action],
    c: float,
    rng: random.Random,
) -> tuple[Action, _Node, bool]:
    """``actor``'s move at a node: an untried action (a new node) first, else by UCB."""
    untried: list[Action] = []
    for action in legal:
        child = children.get((actor, action))
        # A node never visited is untried too: a seat with a single legal move in one
        # determinisation is modelled, not searched, and its node stays unvisited there;
        # another determinisation gives it a choice (a Stop hand with or without a value
        # card), and UCB would divide by its zero visits.
        if child is None or not child.visits:
            untried.append(action)
        else:
            child.avail += 1
    if untried:
        action = untried[rng.randrange(len(untried))]
        new = children.get((actor, action))
        if new is None:
            new = children[actor, action] = _Node()
        return action, new, True
    action, chosen = _ucb(children, actor, legal, c)
    return action, chosen, False


def _ucb(
    children: dict[tuple[int, Action], _Node], actor: int, legal: Sequence[Action], c: float
) -> tuple[Action, _Node]:
    best_score = -math.inf
    best: tuple[Action, _Node] | None = None
    for action in legal:
        child = children[actor, action]
        score = child.reward / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
        if score > best_score:
            best_score = score
            best = (action, child)
    if best is None:  # pragma: no cover - legal is never empty for a seat to act
        raise TablecardsError(f"seat {actor} has no legal action to search")
    return best


def _learn(
    values: dict[Action, list[float]], trail: list[tuple[int, Action]], rewards: list[float]
) -> None:
    """MAST: credit every action of the iteration with the result of the seat that played it."""
    for actor, action in trail:
        value = values.get(action)
        if value is None:
            values[action] = [rewards[actor], 1.0]
        else:
            value[0] += rewards[actor]
            value[1] += 1.0


def _best(values: dict[Action, list[float]], legal: Sequence[Action]) -> Action:
    """The legal action with the best average reward so far (an untried one first)."""
    best, best_mean = legal[0], -1.0
    for action in legal:
        value = values.get(action)
        mean = 2.0 if value is None else value[0] / value[1]
        if mean > best_mean:
            best, best_mean = action, mean
    return best


def _modelled(
    game: Game[Any],
    state: State,
    actor: int,
    legal: Sequence[Action],
    moves: int,
    model: Any,
    rng: random.Random,
) -> Action:
    """The action ``model`` (an opponent model or a playout guide) chooses for ``actor`` from
    its view of ``state``."""
    if len(legal) == 1:
        return legal[0]
    view = game.view(state, actor)
    view["moves"] = moves
    chosen: Action = model.choose(view, legal, rng)
    return chosen


def _margins(scores: Sequence[float], before: Sequence[float]) -> list[float]:
    """Each seat's gain since ``before`` minus the mean gain of the other seats."""
    gains = [now - then for now, then in zip(scores, before, strict=True)]
    total = sum(gains)
    others = max(1, len(gains) - 1)
    return [gain - (total - gain) / others for gain in gains]


def _rewards(game: Game[Any], state: State, weight: float) -> list[float]:
    """Each seat's reward in 0..1: its share of the win (the winners' when the match is over,
    else the current leaders'), blended with ``weight`` of its score's place between the
    lowest and the highest score (a denser signal than wins alone)."""
    scores = game.scores(state)
    if state.over:
        winners: Sequence[int] = game.winners(state)
    else:
        top = max(scores)
        winners = [seat for seat, score in enumerate(scores) if score == top]
    low, high = min(scores), max(scores)
    spread = high - low
    out = [weight * ((score - low) / spread if spread else 0.5) for score in scores]
    if winners:
        share = (1.0 - weight) / len(winners)
        for seat in winners:
            out[seat] += share
    return out


def _visits(node: _Node | None) -> int:
    return -1 if node is None else node.visits
