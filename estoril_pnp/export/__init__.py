"""Outputs over the same pieces besides the print sheets: PNG images, Tabletop Simulator decks, the
phone's score page."""
