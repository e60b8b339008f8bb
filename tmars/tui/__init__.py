"""`tmars play` as a terminal app (Textual): the board, the players, the hand with why a card is
not playable, the log, the decision, undo, live scores and saves. `table` holds the game and its
seats without any Textual, so that undo and bots are tested without a screen."""
