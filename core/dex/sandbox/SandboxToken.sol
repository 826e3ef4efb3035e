// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// An ERC-20 of the local test chains: any decimals, minted by its deployer to whom the tests fund.
contract SandboxToken is ERC20 {
    uint8 private immutable _decimals;
    address private immutable _minter;

    constructor(string memory name_, string memory symbol_, uint8 decimals_) ERC20(name_, symbol_) {
        _decimals = decimals_;
        _minter = msg.sender;
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    function mint(address to, uint256 amount) external {
        require(msg.sender == _minter, "only the minter");
        _mint(to, amount);
    }
}
