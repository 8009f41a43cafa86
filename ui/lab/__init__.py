"""The Declarations Lab's pieces: its state (hands, sinking, the link it writes), the
sinking controls and the views of the scores."""
