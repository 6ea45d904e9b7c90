from zoosim.cli import main

main()
